import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { describe, expect, it } from 'vitest';
import { flightInfo, OUTBOUND, RETURN, TRIP_HASH } from './testing/flow-fixtures.ts';
import { bagExtrasFor, flowStateFor, passengerTypes, tripFlowState } from './flow-state.ts';
import { checkOffer, chosenTripOf } from './trip-offer.ts';

const legs = [
  { ...OUTBOUND, bag: { price: 3_500, maxPerPassenger: 2 } },
  { ...RETURN, bag: { price: 4_500, maxPerPassenger: 1 } },
];
const path = `/flights/2/0/1/${legs
  .map((leg) => `${leg.route}.${leg.date}.${leg.id}.${leg.fare.letter}`)
  .join('/')}`;

function offerOf(tripPath: string) {
  const trip = chosenTripOf(tripPath);
  if (!trip) throw new Error('no trip');
  const checked = checkOffer(trip, TRIP_HASH, flightInfo(legs));
  if (!checked.ok) throw new Error('no offer');
  return { trip, offer: checked.offer };
}

describe('checked bags searched with, pre-selected in the booking', () => {
  it('reads the bags of the trip path', () => {
    expect(chosenTripOf(`${path}?bags=2`)?.bags).toBe(2);
    expect(chosenTripOf(path)?.bags).toBe(0);
    expect(chosenTripOf(`${path}?bags=2`)?.destinations).toHaveLength(2);
  });

  it('buys the bags each fare does not include, for every seated passenger and leg', () => {
    const { trip, offer } = offerOf(`${path}?bags=2`);
    const types = passengerTypes(trip.passengers);
    expect(types).toEqual([PassengerType.adult, PassengerType.adult, PassengerType.infant]);
    // The fixture's fares include no checked bag; the return leg sells at most one.
    expect(bagExtrasFor(offer, types, 2)).toEqual({ '0:0': 2, '0:1': 2, '1:0': 1, '1:1': 1 });
    expect(bagExtrasFor(offer, types, 1)).toEqual({ '0:0': 1, '0:1': 1, '1:0': 1, '1:1': 1 });
    expect(bagExtrasFor(offer, types, 0)).toEqual({});
  });

  it('starts a new trip with them, and keeps what the traveller changed on the same trip', () => {
    const { trip, offer } = offerOf(`${path}?bags=1`);
    const fresh = tripFlowState(trip, offer, null);
    expect(fresh.extras).toEqual({ '0:0': 1, '0:1': 1, '1:0': 1, '1:1': 1 });
    const changed = { ...fresh, extras: { '0:0': 2 } };
    expect(tripFlowState(trip, offer, changed).extras).toEqual({ '0:0': 2 });
    // The same flights searched without bags are another trip: nothing pre-selected.
    expect(flowStateFor(path, trip.passengers, changed).extras).toEqual({});
  });
});
