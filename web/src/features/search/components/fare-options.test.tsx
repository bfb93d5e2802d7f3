import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightInfoResponse } from '@uniquair/contract/flight';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../../components/ui/test-utils.tsx';
import { flightInfoQueryOptions } from '../../../lib/search/get-flight-info.ts';
import { DOLLARS, hashOf, makeFlight } from '../../../testing/search-fixtures.ts';
import { FareOptions } from './fare-options.tsx';

const money = DOLLARS;

const base = makeFlight({ id: '7', prices: [10_000] });
/** Q without a bag (one bought), M with one included, and a supplier's Z that sells none. */
const flight = {
  ...base,
  fareClasses: [
    { letter: 'Z', cabin: 'economy' as const, price: 9_000, seatsLeft: 9, allInPrice: null },
    { letter: 'Q', cabin: 'economy' as const, price: 10_000, seatsLeft: 9, allInPrice: 13_500 },
    { letter: 'M', cabin: 'economy' as const, price: 13_000, seatsLeft: 9, allInPrice: 13_000 },
  ],
};

async function renderFares() {
  const hash = hashOf('7');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The fares' conditions are not what this is about: answered as none, never fetched.
  client.setQueryData(flightInfoQueryOptions(hash, [flight.id]).queryKey, {
    success: true,
    hash,
    currency: 'USD',
    flights: [],
    airports: [],
  } satisfies FlightInfoResponse);
  await renderWithIntl(
    <QueryClientProvider client={client}>
      <FareOptions
        flight={flight}
        hash={hash}
        chosenFare={null}
        seats={2}
        bags={1}
        resultCurrency="USD"
        money={money}
        fareName={(fare) => `Fare ${fare.letter}`}
        fewSeats={5}
        onChoose={vi.fn()}
      />
    </QueryClientProvider>,
  );
}

function fareItem(letter: string): HTMLElement {
  const item = screen.getByRole('button', { name: `Choose Fare ${letter}` }).closest('li');
  if (!item) throw new Error(`no fare ${letter}`);
  return item;
}

describe('fare options with checked bags', () => {
  it('prices each fare all-in, with its breakdown as the price’s description', async () => {
    await renderFares();
    const q = within(fareItem('Q')).getByRole('button', { name: /per adult/ });
    expect(q.textContent).toMatch(/^\$135\.00 per adult, \$270\.00 for 2 seats$/);
    expect(q.getAttribute('aria-expanded')).toBe('false');
    const description = document.getElementById(q.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Fare $100.00 + 1 bag $35.00');
    expect(description?.getAttribute('role')).toBe('tooltip');
    const m = within(fareItem('M')).getByRole('button', { name: /per adult/ });
    expect(document.getElementById(m.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Fare $130.00, 1 checked bag included',
    );
  });

  it('opens the breakdown on a tap and closes it with Escape', async () => {
    const user = userEvent.setup();
    await renderFares();
    const q = within(fareItem('Q')).getByRole('button', { name: /per adult/ });
    const tip = within(fareItem('Q')).getByRole('tooltip', { hidden: true });
    expect(tip.hidden).toBe(true);
    await user.click(q);
    expect(tip.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(tip.hidden).toBe(true);
  });

  it('says in words that a fare cannot carry the bags, priced at its fare alone', async () => {
    await renderFares();
    const z = fareItem('Z');
    expect(within(z).getByText('Can’t carry 1 checked bag')).toBeDefined();
    expect(z.textContent).toContain('$90.00 per adult');
    expect(within(z).queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
