import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVICE_BOOKINGS_KEY } from '../../../lib/device-data.ts';
import { json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const DEVICE_TOKEN = 'T'.repeat(43);

function summary(pnr: string, departureDate: string) {
  return {
    pnr,
    status: 'paid',
    from: 'SOF',
    to: 'LHR',
    departureDate,
    returnDate: null,
    passengers: 2,
    totalMinor: 23_450,
    currency: 'EUR',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const signedIn = signedInAs();

describe('bookings lists', () => {
  it('tells an anonymous visitor on a fresh device that nothing is stored here, asking nothing', async () => {
    const api = mockAppApi();
    renderApp('/bookings');
    expect(await screen.findByText('Displaying bookings stored on your device')).toBeDefined();
    expect(await screen.findByText('There are no bookings to show.')).toBeDefined();
    expect(api.calls).not.toContain('GET /api/booking/future');
  });

  it('shows the device’s most recent booking, sending its tokens in a header only', async () => {
    window.localStorage.setItem(
      DEVICE_BOOKINGS_KEY,
      JSON.stringify([{ pnr: 'AB12CD3', token: DEVICE_TOKEN }, { broken: true }]),
    );
    let tokens: string | null = null;
    mockAppApi({
      'GET /api/booking/future': ({ headers, url }) => {
        tokens = headers.get('x-booking-tokens');
        expect(url.search).toBe('');
        return json({ success: true, bookings: [summary('AB12CD3', '2026-12-24')] });
      },
    });
    renderApp('/bookings');
    expect(await screen.findByRole('link', { name: 'Booking AB12CD3' })).toBeDefined();
    expect(tokens).toBe(DEVICE_TOKEN);
    expect(screen.getByText('SOF to LHR')).toBeDefined();
    expect(screen.getByText('Departure December 24, 2026')).toBeDefined();
    expect(screen.getByText(/2 passengers · €234\.50/)).toBeDefined();
    expect(screen.getByText('Paid')).toBeDefined();
  });

  it('pages through all of a signed-in user’s bookings', async () => {
    mockAppApi({
      'GET /api/users/current': () => json(signedIn),
      'GET /api/booking/list': ({ url }) =>
        json({
          success: true,
          page: Number(url.searchParams.get('page')),
          pageSize: 10,
          total: 11,
          pages: 2,
          bookings: [
            summary(url.searchParams.get('page') === '2' ? 'ZZ99ZZ9' : 'AB12CD3', '2026-12-24'),
          ],
        }),
    });
    renderApp('/bookings/all/2');
    expect(await screen.findByRole('link', { name: 'Booking ZZ99ZZ9' })).toBeDefined();
    expect(screen.getByText('11 bookings')).toBeDefined();
    const previous = screen.getByRole('link', { name: 'Previous page' });
    expect(previous.getAttribute('href')).toBe('/bookings/all/1');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });
});
