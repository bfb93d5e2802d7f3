import type { SavedPassenger } from '@uniquair/contract/booking-list';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emptyPassenger,
  FLOW_STORAGE_KEY,
  flowStateFor,
  passengerTypes,
  readFlowState,
  writeFlowState,
} from './flow-state.ts';
import { chargeLine, extrasInput, extrasTotal, faresTotal } from './pricing.ts';
import { contactSchema } from './flow-forms.ts';
import { draftFromSaved, fitsPassengerType } from './saved-passengers.ts';
import { flightInfo, OUTBOUND, RETURN, TRIP_HASH } from './testing/flow-fixtures.ts';
import { checkOffer, chosenTripOf, offersExtras, travelDays } from './trip-offer.ts';

afterEach(() => window.sessionStorage.clear());

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', ord: 1, rate: 1 };
const eur = { code: 'EUR', name: 'Euro', symbol: '€', ord: 2, rate: 0.9 };
const bgn = { code: 'BGN', name: 'Lev', symbol: 'лв', ord: 3, rate: 1.8 };

describe('the chosen trip', () => {
  it('is read from the results path only when every leg has a flight and a fare', () => {
    const trip = chosenTripOf('/flights/2/1/1/12.2026-12-01.101.Y/13.2026-12-08.202.M?s=0#basket');
    expect(trip?.passengers).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(trip?.destinations.map((leg) => [leg.flightId, leg.fareClass])).toEqual([
      ['101', 'Y'],
      ['202', 'M'],
    ]);
    expect(chosenTripOf('/flights/1/0/0/12.2026-12-01.101.Y/13.2026-12-08._')).toBeNull();
    expect(chosenTripOf('/bookings')).toBeNull();
    expect(chosenTripOf(null)).toBeNull();
  });

  it('cannot be booked when a fare has fewer seats than the seated passengers', () => {
    const trip = chosenTripOf('/flights/2/1/1/12.2026-12-01.101.Y/13.2026-12-08.202.M');
    if (!trip) throw new Error('trip expected');
    // Three seats: two adults and a child; the infant sits on a lap.
    const three = { ...RETURN, fare: { ...RETURN.fare, seatsLeft: 3 } };
    const two = { ...RETURN, fare: { ...RETURN.fare, seatsLeft: 2 } };
    expect(checkOffer(trip, TRIP_HASH, flightInfo([OUTBOUND, three])).ok).toBe(true);
    expect(checkOffer(trip, TRIP_HASH, flightInfo([OUTBOUND, two]))).toEqual({
      ok: false,
      unavailableLeg: 1,
    });
    const other = { ...RETURN, fare: { ...RETURN.fare, letter: 'Q' } };
    expect(checkOffer(trip, TRIP_HASH, flightInfo([OUTBOUND, other]))).toEqual({
      ok: false,
      unavailableLeg: 1,
    });
  });

  it('prices fares per seated passenger plus extras, and knows the travel days', () => {
    const trip = chosenTripOf('/flights/2/1/1/12.2026-12-01.101.Y/13.2026-12-08.202.M');
    const legs = [OUTBOUND, { ...RETURN, bag: { price: 3_500, maxPerPassenger: 2 } }];
    const checked = trip && checkOffer(trip, TRIP_HASH, flightInfo(legs));
    if (!trip || !checked?.ok) throw new Error('offer expected');
    expect(offersExtras(checked.offer)).toBe(true);
    expect(travelDays(checked.offer)).toEqual({ first: '2026-12-01', last: '2026-12-08' });
    expect(faresTotal(checked.offer, trip.passengers)).toBe(3 * 10_000 + 3 * 8_000);
    const extras = { '1:0': 2, '1:2': 1, '0:1': 0 };
    expect(extrasInput(extras)).toEqual([
      { destinationIndex: 1, passengerIndex: 0, code: 'checked_bag', quantity: 2 },
      { destinationIndex: 1, passengerIndex: 2, code: 'checked_bag', quantity: 1 },
    ]);
    expect(extrasTotal(checked.offer, extras)).toBe(3 * 3_500);
  });
});

describe('the charge currency line (SPEC §9)', () => {
  it('is absent for USD, EUR and GBP, and in USD for any other shown currency', () => {
    expect(chargeLine(10_000, 'USD', usd, [usd, eur, bgn])).toBeNull();
    expect(chargeLine(10_000, 'USD', eur, [usd, eur, bgn])).toBeNull();
    expect(chargeLine(10_000, 'USD', bgn, [usd, eur, bgn])).toEqual({
      currency: 'USD',
      amount: 10_000,
    });
    expect(chargeLine(10_000, 'EUR', bgn, [usd, eur, bgn])).toEqual({
      currency: 'USD',
      amount: 11_111,
    });
  });
});

describe('the flow state', () => {
  it('orders passengers adults, children, infants', () => {
    expect(passengerTypes({ adults: 2, children: 1, infants: 1 })).toEqual([1, 1, 2, 3]);
    expect(emptyPassenger(3).titleId).toBe('4');
    expect(emptyPassenger(2).titleId).toBe('5');
    expect(emptyPassenger(1).titleId).toBe('');
  });

  it('keeps typed passengers of the same type and place for another trip, not its extras', () => {
    const first = flowStateFor('/flights/1/1/0/a', { adults: 1, children: 1, infants: 0 }, null);
    const typed = {
      ...first,
      passengers: [
        { ...emptyPassenger(1), firstName: 'Ada' },
        { ...emptyPassenger(2), firstName: 'Kid' },
      ],
      extras: { '0:0': 1 },
    };
    const same = flowStateFor('/flights/1/1/0/a', { adults: 1, children: 1, infants: 0 }, typed);
    expect(same.extras).toEqual({ '0:0': 1 });
    const other = flowStateFor('/flights/2/0/0/b', { adults: 2, children: 0, infants: 0 }, typed);
    expect(other.passengers.map((passenger) => passenger.firstName)).toEqual(['Ada', '']);
    expect(other.extras).toEqual({});
  });

  it('survives storage and ignores what it cannot read', () => {
    const state = flowStateFor('/flights/1/0/0/a', { adults: 1, children: 0, infants: 0 }, null);
    writeFlowState({ ...state, extras: { '0:0': 2 } });
    expect(readFlowState()).toEqual({ ...state, extras: { '0:0': 2 } });
    window.sessionStorage.setItem(FLOW_STORAGE_KEY, '{not json');
    expect(readFlowState()).toBeNull();
    window.sessionStorage.setItem(
      FLOW_STORAGE_KEY,
      JSON.stringify({
        tripPath: '/x',
        passengers: [{ typeId: 9 }],
        extras: { bad: 1, '0:1': -2 },
      }),
    );
    expect(readFlowState()).toMatchObject({ tripPath: '/x', passengers: [], extras: {} });
  });
});

describe('saved passengers', () => {
  const saved = (overrides: Partial<SavedPassenger>): SavedPassenger => ({
    id: 1,
    passengerTypeId: 1,
    titleId: 1,
    firstName: 'Ada',
    lastName: 'Tester',
    birthDate: '1990-01-01',
    nationality: 'DE',
    documentTypeId: 1,
    documentNumber: 'C01X4Y7Z',
    documentExpiry: '2031-01-01',
    lastUsedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  });
  const first = '2026-12-01' as Ymd;

  it('fit the type their age on the first travel date calls for', () => {
    expect(fitsPassengerType(saved({}), 1, first)).toBe(true);
    // Saved as a child, twelve by now: an adult.
    const grown = saved({ passengerTypeId: 2, birthDate: '2014-11-30' });
    expect(fitsPassengerType(grown, 1, first)).toBe(true);
    expect(fitsPassengerType(grown, 2, first)).toBe(false);
    expect(fitsPassengerType(saved({ birthDate: '2025-06-01' }), 3, first)).toBe(true);
    // Without a birth date, the saved type decides.
    expect(fitsPassengerType(saved({ birthDate: null, passengerTypeId: 2 }), 2, first)).toBe(true);
  });

  it('fill a form, with the one title of a child and empty fields for what was not saved', () => {
    const draft = draftFromSaved(
      saved({ passengerTypeId: 2, titleId: 1, documentNumber: null, birthDate: '2018-02-10' }),
      2,
    );
    expect(draft).toMatchObject({
      typeId: 2,
      titleId: '5',
      documentNumber: '',
      birthDate: '2018-02-10',
    });
  });
});

describe('the contact form', () => {
  const say = (id: string) => id;
  const contact = {
    firstName: 'Zoë',
    lastName: "O'Brien-Nguyễn",
    email: 'zoe@example.com',
    phoneCode: '40',
    phone: '722 000 111',
  };

  it('takes names of any script and refuses markup in them', () => {
    expect(contactSchema(say).safeParse(contact).success).toBe(true);
    const result = contactSchema(say).safeParse({
      ...contact,
      firstName: '<script>alert(2)</script>',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'auth.nameInvalid'],
    ]);
  });
  it('takes phone numbers as people write them and says what is wrong with the others', () => {
    for (const [phoneCode, phone] of [
      ['49', '+49 30 1234567'],
      ['49', '030 1234567'],
      ['1', '(212) 555-0123'],
      ['40', '0049 30 1234567'],
      ['40', '0722-000-111'],
      ['40', '0722.000.111'],
    ]) {
      expect(contactSchema(say).safeParse({ ...contact, phoneCode, phone }).success, phone).toBe(
        true,
      );
    }
    const problems = (phone: string, phoneCode = '40') =>
      contactSchema(say)
        .safeParse({ ...contact, firstName: '', phoneCode, phone })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(problems('')).toEqual([
      ['firstName', 'ui.field.required'],
      ['phone', 'ui.field.required'],
    ]);
    expect(problems('12')).toContainEqual(['phone', 'flow.error.phoneTooShort']);
    expect(problems('0722 ABC 111')).toContainEqual(['phone', 'flow.error.phoneCharacters']);
    expect(problems('722 0001')).toContainEqual(['phone', 'flow.error.phone']);
    expect(problems('+999 123 4567')).toContainEqual(['phone', 'flow.error.phoneCallingCode']);
    // No calling code: its own field says so, not the number's.
    expect(problems('0722 000 111', '')).toEqual([
      ['firstName', 'ui.field.required'],
      ['phoneCode', 'ui.field.required'],
    ]);
  });
});
