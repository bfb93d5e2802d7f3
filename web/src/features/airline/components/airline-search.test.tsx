import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fixDateAt } from '../../../testing/fixed-date.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const NOW = new Date('2026-11-22T10:00:00Z');

const answer = {
  success: true,
  route: { id: 12, from: 'SOF', to: 'LHR', dow: 127, af: '2026-01-01', au: null, rating: 1 },
  date: '2026-11-24',
  operates: true,
  airports: [
    { id: 'SOF', name: 'Sofia Airport', city: 'Sofia', country: 'BG', timeZone: 'Europe/Sofia' },
    { id: 'LHR', name: 'Heathrow', city: 'London', country: 'GB', timeZone: 'Europe/London' },
  ],
  flights: [
    {
      id: 10,
      flightNumber: 'UQ100',
      carrier: 'UQ',
      departureLocal: '2026-11-24T07:05',
      departureUtc: '2026-11-24T05:05:00.000Z',
      arrivalLocal: '2026-11-24T08:10',
      arrivalUtc: '2026-11-24T08:10:00.000Z',
      duration: 185,
      stops: 0,
      via: null,
      capacity: 180,
      seatsSold: 45,
      seatsLeft: 135,
      loadFactor: 0.25,
      fareClasses: [
        {
          letter: 'Q',
          cabin: 'economy',
          price: 12_300,
          currency: 'USD',
          seatsTotal: 60,
          seatsSold: 40,
          seatsLeft: 20,
        },
      ],
    },
  ],
};

async function chooseAirport(user: UserEvent, label: string, code: string) {
  await user.type(screen.getByRole('combobox', { name: label }), code);
  await user.click(
    await screen.findByRole('option', { name: new RegExp(code) }, { timeout: 10_000 }),
  );
}

async function fillIn(user: UserEvent, key = '') {
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Airline flight search' },
    { timeout: 10_000 },
  );
  await chooseAirport(user, 'From', 'SOF');
  await chooseAirport(user, 'To', 'LHR');
  await user.click(screen.getByRole('button', { name: /^Day of departure/ }));
  await user.click(screen.getByRole('button', { name: /^Tuesday, November 24, 2026/ }));
  if (key) await user.type(screen.getByLabelText('Partner API key'), key);
  await user.click(screen.getByRole('button', { name: 'Show flights' }));
}

fixDateAt(NOW);

describe('airline-partner page', () => {
  it('is titled not for passengers and shows each flight’s load from the partner endpoint', async () => {
    const user = userEvent.setup();
    mockAppApi({
      'GET /api/airline/flights': ({ url, headers }) => {
        expect(url.searchParams.get('route')).toBe('12');
        expect(url.searchParams.get('date')).toBe('2026-11-24');
        expect(headers.get('x-api-key')).toBe('partner-key-0123456789');
        return json(answer);
      },
    });
    renderApp('/airlines/flights/search');
    await fillIn(user, 'partner-key-0123456789');
    expect(document.title).toBe('Uniquair - not for passengers');
    const results = await screen.findByRole('region', {
      name: 'Flights from Sofia to London on Tuesday, November 24, 2026',
    });
    const table = within(results).getByRole('table', {
      name: 'UQ100, 7:05 AM to 8:10 AM: 180 seats, 45 sold, 135 left, load factor 25%',
    });
    expect(within(table).getByRole('rowheader', { name: 'Q' })).toBeDefined();
    expect(within(table).getByText('$123.00')).toBeDefined();
  });

  it('says when the server wants a partner key', async () => {
    const user = userEvent.setup();
    mockAppApi({ 'GET /api/airline/flights': () => errorBody(401, 'ERROR_UNAUTHORIZED') });
    const { router } = renderApp('/airlines/flights/search');
    await fillIn(user);
    expect(await screen.findByText('The server needs a valid partner API key.')).toBeDefined();
    // Not a sign-out: the page stays.
    expect(router.state.location.pathname).toBe('/airlines/flights/search');
  });
});
