import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { priceWatchesQueryOptions } from '../../../lib/price-watch.ts';
import type * as push from '../../../lib/pwa/push.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { errorBody, json, mockApi } from '../../../testing/mock-api.ts';
import { testWatch } from '../../../testing/price-watch-fixtures.ts';
import { DOLLARS } from '../../../testing/search-fixtures.ts';
import { PriceWatch } from './price-watch.tsx';

// This test browser has no Push API: the watch is started with a subscription taken as given.
vi.mock('../../../lib/pwa/push.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof push>()),
  subscribeBrowser: () => Promise.resolve({ state: 'subscribed', subscription: {} }),
  apiSubscription: () => ({
    endpoint: 'https://push.example.com/send/1',
    keys: { p256dh: 'key', auth: 'auth' },
  }),
}));

const ID = `pw_${'A'.repeat(43)}`;
const WATCH = testWatch({
  number: 1,
  route: 12,
  date: '2026-12-01',
  month: null,
  subscribedPrice: { amount: 12_300, currency: 'USD' },
  currentPrice: { amount: 12_300, currency: 'USD' },
  endsOn: '2026-12-01',
  createdAt: '2026-11-22T10:00:00.000Z',
});

function renderWatch() {
  const queryClient = createQueryClient();
  // The account's list, as the account page left it.
  queryClient.setQueryData(priceWatchesQueryOptions().queryKey, { success: true, watches: [] });
  const listInvalidated = () =>
    queryClient.getQueryState(priceWatchesQueryOptions().queryKey)?.isInvalidated ?? false;
  render(
    <AppProvider queryClient={queryClient} locale="en">
      <PriceWatch
        routeId={12}
        date={'2026-12-01' as Ymd}
        routeName="Sofia → London"
        passengers={{ adults: 1, children: 0, infants: 0 }}
        bags={0}
        money={DOLLARS}
      />
    </AppProvider>,
  );
  return { queryClient, listInvalidated };
}

describe('price watch', () => {
  it('keeps a watch it could not stop shown, says so, and stops it on a retry', async () => {
    const user = userEvent.setup();
    let stopAnswer = () => errorBody(500, 'INTERNAL_ERROR');
    const stops: string[] = [];
    mockApi({
      'POST /api/price-watch': () => json({ success: true, id: ID, watch: WATCH }),
      'DELETE /api/price-watch/:id': ({ url }) => {
        stops.push(url.pathname);
        return stopAnswer();
      },
    });
    const { queryClient, listInvalidated } = renderWatch();
    await user.click(await screen.findByRole('button', { name: 'Tell me when it’s cheaper' }));
    await user.click(screen.getByRole('button', { name: 'Watch the price' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Watching: we’ll tell you when it’s cheaper than $123.00.',
    );
    // The account's list now has one more watch: it is fetched again when next shown.
    expect(listInvalidated()).toBe(true);

    queryClient.setQueryData(priceWatchesQueryOptions().queryKey, { success: true, watches: [] });
    await user.click(screen.getByRole('button', { name: 'Stop watching' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The price watch could not be stopped. Please try again.',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Watching:/);
    expect(listInvalidated()).toBe(false);

    stopAnswer = () => json({ success: true });
    await user.click(screen.getByRole('button', { name: 'Stop watching' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('You stopped watching this price.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stops).toEqual([`/api/price-watch/${ID}`, `/api/price-watch/${ID}`]);
    expect(listInvalidated()).toBe(true);
  });

  it('returns to the form with the reason when the watch cannot be started', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/price-watch': () => errorBody(500, 'INTERNAL_ERROR') });
    const { listInvalidated } = renderWatch();
    await user.click(await screen.findByRole('button', { name: 'Tell me when it’s cheaper' }));
    const form = screen.getByRole('group', { name: 'Price watch' });
    await user.click(within(form).getByRole('button', { name: 'Watch the price' }));
    expect(await within(form).findByRole('alert')).toBeDefined();
    expect(listInvalidated()).toBe(false);
  });
});
