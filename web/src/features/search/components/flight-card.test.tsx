import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchFlight } from '@uniquair/contract/search';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../../components/ui/test-utils.tsx';
import { DOLLARS, hashOf, makeFlight } from '../../../testing/search-fixtures.ts';
import { flightRows } from '../flight-rows.ts';
import { FlightCard } from './flight-card.tsx';

const money = DOLLARS;

/** The cards of `flights` in a list, as the results show them. */
async function renderCards(flights: readonly SearchFlight[]) {
  const rows = flightRows(flights, (amount) => amount);
  await renderWithIntl(
    <ul>
      {rows.map((row) => (
        <FlightCard
          key={row.flight.id}
          row={row}
          legIndex={0}
          hash={hashOf('12')}
          chosenFare={null}
          seats={1}
          resultCurrency="USD"
          money={money}
          onChoose={vi.fn()}
        />
      ))}
    </ul>,
  );
}

function cardOf(departure: string): HTMLElement {
  const card = screen
    .getByRole('button', { name: `See fares for the flight departing at ${departure}` })
    .closest('li');
  if (!card) throw new Error(`No card for the flight at ${departure}`);
  return card;
}

/** Uniquair to Frankfurt, Eurovela on to London: a self-transfer, 1 hr 35 min at the stop. */
const viaFrankfurt = makeFlight({
  id: '31',
  departs: '06:00',
  minutes: 330,
  stops: 1,
  via: 'FRA',
  layover: 95,
  carriers: ['UQ', 'EV'],
  prices: [8_900],
});

/** Eurovela into Paris Charles de Gaulle, Quetzal Airways on from Orly. */
const viaParis = makeFlight({
  id: '32',
  departs: '09:30',
  minutes: 420,
  stops: 1,
  via: 'CDG',
  viaDeparture: 'ORY',
  layover: 180,
  carriers: ['EV', 'QA'],
  prices: [7_900],
});

describe('flight card', () => {
  it('names the airline of a direct flight and has no details to open', async () => {
    await renderCards([makeFlight({ id: '30', departs: '07:05' })]);
    const card = cardOf('7:05 AM');
    expect(within(card).getByText('Uniquair')).toBeDefined();
    expect(within(card).getByText('UQ')).toBeDefined();
    expect(within(card).queryByRole('button', { name: /^Flight details/ })).toBeNull();
    expect(within(card).queryByText(/^Self-transfer/)).toBeNull();
  });

  it('shows the airlines and the self-transfer of a connection, its flights on demand', async () => {
    const user = userEvent.setup();
    await renderCards([viaFrankfurt]);
    const card = cardOf('6:00 AM');
    expect(within(card).getByText('Uniquair, Eurovela')).toBeDefined();
    // Each airline's code in its badge, beside the names.
    expect(within(card).getByText('UQ')).toBeDefined();
    expect(within(card).getByText('EV')).toBeDefined();
    expect(within(card).getByText('1 stop via FRA')).toBeDefined();
    expect(
      within(card).getByText('Self-transfer: collect your bags and check in again'),
    ).toBeDefined();
    expect(within(card).queryByText(/^Change of airport/)).toBeNull();

    const details = within(card).getByRole('button', {
      name: 'Flight details for the flight departing at 6:00 AM',
    });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByText(/^Layover/)).toBeNull();

    details.focus();
    await user.keyboard('{Enter}');
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const flights = within(card).getByRole('list', {
      name: 'Flight details for the flight departing at 6:00 AM',
    });
    expect(
      within(flights).getByText('Departs SOF at 6:00 AM, arrives FRA at 7:57 AM'),
    ).toBeDefined();
    expect(within(flights).getByText('UQ10031 · Uniquair · 1 hr, 57 min in the air')).toBeDefined();
    expect(within(flights).getByText('Layover 1 hr, 35 min in FRA')).toBeDefined();
    expect(
      within(flights).getByText('Departs FRA at 9:32 AM, arrives LHR at 11:30 AM'),
    ).toBeDefined();
    expect(within(flights).getByText('EV10131 · Eurovela · 1 hr, 58 min in the air')).toBeDefined();
    expect(within(card).getByText(/^The airlines do not wait for each other/)).toBeDefined();

    await user.keyboard(' ');
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByRole('list', { name: /^Flight details/ })).toBeNull();
  });

  it('warns of a change of airport at the stop', async () => {
    const user = userEvent.setup();
    await renderCards([viaParis]);
    const card = cardOf('9:30 AM');
    expect(within(card).getByText('Eurovela, Quetzal Airways')).toBeDefined();
    expect(within(card).getByText('Change of airport')).toBeDefined();
    await user.click(
      within(card).getByRole('button', {
        name: 'Flight details for the flight departing at 9:30 AM',
      }),
    );
    expect(within(card).getByText('Layover 3 hr in CDG')).toBeDefined();
    expect(
      within(card).getByText('Change of airport: arrive at CDG, leave from ORY'),
    ).toBeDefined();
  });

  it('says on which day a later flight of an overnight connection leaves and lands', async () => {
    const user = userEvent.setup();
    await renderCards([
      makeFlight({ id: '33', departs: '21:00', minutes: 900, stops: 1, via: 'FRA', layover: 600 }),
    ]);
    const card = cardOf('9:00 PM');
    expect(within(card).queryByText(/^Self-transfer/)).toBeNull();
    await user.click(within(card).getByRole('button', { name: /^Flight details/ }));
    expect(within(card).getByText('Layover 10 hr in FRA')).toBeDefined();
    expect(
      within(card).getByText(
        'Departs FRA at 9:30 AM the next day, arrives LHR at 12:00 PM the next day',
      ),
    ).toBeDefined();
  });
});
