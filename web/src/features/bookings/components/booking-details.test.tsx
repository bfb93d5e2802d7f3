import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockStoredBooking,
  storeDeviceBooking,
  TEST_DEVICE_TOKEN,
  testBooking,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { priceLine } from '../../../testing/price-lines.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PNR = 'K7Q2ZP4';

const ticketed = ticketedBooking({
  extras: [
    { destinationIndex: 0, passengerIndex: 0, code: 'checked_bag', quantity: 1, price: 3_500 },
  ],
  baseTotal: { amount: 27_500, currency: 'USD' },
  chargeTotal: { amount: 27_500, currency: 'USD' },
  payments: [
    {
      method: 'CREDIT_CARD',
      state: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      amount: 27_500,
      currency: 'USD',
      updatedAt: '2026-11-22T10:05:00.000Z',
    },
  ],
  tickets: [
    {
      flightIndex: 0,
      segmentIndex: 0,
      passengerIndex: 1,
      number: '1572300000002',
      issuedAt: '2026-11-22T10:06:00.000Z',
    },
    {
      flightIndex: 0,
      segmentIndex: 0,
      passengerIndex: 0,
      number: '1572300000001',
      issuedAt: '2026-11-22T10:06:00.000Z',
    },
  ],
});

/** A leg of two flights: Sofia → London (LHR), then another airline's from LGW to New York. */
function connectionLeg() {
  const [leg] = testBooking().flights;
  const [first] = leg?.segments ?? [];
  if (!leg || !first) throw new Error('the fixture has a flight');
  const onward = {
    ...first,
    flightNumber: 'OP 114',
    carrier: 'OP',
    carrierName: 'Orchid Pacific',
    from: 'LGW',
    to: 'JFK',
    departureLocal: '2026-12-24T12:30',
    departureUtc: '2026-12-24T12:30:00.000Z',
    arrivalLocal: '2026-12-24T15:40',
    arrivalUtc: '2026-12-24T20:40:00.000Z',
    duration: 490,
  };
  return { ...leg, to: 'JFK', segments: [first, onward] };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('booking page', () => {
  it('shows a ticketed booking: state, flights, passengers, extras, payment and ticket links', async () => {
    storeDeviceBooking(PNR);
    let header: string | null = null;
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: ({ headers }) => {
        header = headers.get('x-booking-tokens');
        return json({ success: true, booking: ticketed });
      },
    });
    renderApp(`/bookings/${PNR}`);
    expect(
      await screen.findByText(
        'Your booking is paid and your tickets have been issued.',
        {},
        // The first render of the file loads the app's lazy modules.
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    expect(header).toBe(TEST_DEVICE_TOKEN);
    expect(screen.getByText('Flight 1: Sofia (SOF) to London (LHR)')).toBeDefined();
    expect(screen.getByText(/Arrives London \(LHR\) at 9:10 AM/)).toBeDefined();
    expect(screen.getByText('Ana Petrova (Adult)')).toBeDefined();
    expect(
      screen.getByText('1 extra checked bag for Ana Petrova on flight 1: $35.00'),
    ).toBeDefined();
    expect(screen.getByText('Card, VISA ending in 4242: $275.00, confirmed')).toBeDefined();
    expect(priceLine('Fares')).toBe('$240.00');
    expect(priceLine('Extras')).toBe('$35.00');
    const tickets = screen.getByRole('region', { name: 'Tickets' });
    const links = within(tickets).getAllByRole('link');
    // In passenger order: ticket 0 of flight 0 is the first passenger's.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['E-ticket 1572300000001: Ana Petrova, flight 1', `/bookings/${PNR}/flight/0/ticket/0`],
      ['E-ticket 1572300000002: Iva Petrova, flight 1', `/bookings/${PNR}/flight/0/ticket/1`],
    ]);
  });

  it('shows the layover between the flights of a connection, a change of airport and of airline', async () => {
    mockStoredBooking(testBooking({ flights: [connectionLeg()] }));
    renderApp(`/bookings/${PNR}`);
    const trip = await screen.findByRole('region', { name: 'Flights' });
    const segments = within(trip).getAllByRole('listitem').slice(1);
    expect(segments).toHaveLength(2);
    expect(within(segments[0] as HTMLElement).queryByText(/^Layover/)).toBeNull();
    expect(segments[1]?.textContent).toMatch(/^Layover 3 hr, 20 min in London \(LHR\)/);
    // An airport the route list does not know is named by its code.
    expect(segments[1]?.textContent).toMatch(
      /Change of airport: arrive at London \(LHR\), leave from LGW/,
    );
    // Another airline: bags are collected and checked in again.
    expect(segments[1]?.textContent).toContain(
      'Self-transfer: collect your bags and check in again',
    );
  });

  it('says a payable booking is not paid and links to the pay page', async () => {
    mockStoredBooking(testBooking());
    renderApp(`/bookings/${PNR}`);
    expect(await screen.findByText('Your booking is not paid')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `/booking/${PNR}/pay`,
    );
    expect(screen.getByText('Tickets are issued once the booking is paid.')).toBeDefined();
  });

  it.each([
    ['paid', 'Your booking is paid. Your tickets are being issued by the team.'],
    ['pay_at_airline', /The payment is due to the airline/],
    ['expired', /The seat hold ended before the booking was paid/],
    ['cancelled', 'This booking has been cancelled.'],
  ] as const)('words the %s state', async (status, text) => {
    mockStoredBooking(testBooking({ status, payable: false }));
    renderApp(`/bookings/${PNR}`);
    expect(await screen.findByText(text)).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('tells another browser, knowing only the PNR, that the booking is not stored here', async () => {
    let header: string | null = 'unset';
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: ({ headers }) => {
        header = headers.get('x-booking-tokens');
        return errorBody(404, 'NOT_FOUND');
      },
    });
    renderApp(`/bookings/${PNR}`);
    expect(await screen.findByText(/This booking is not stored on this device/)).toBeDefined();
    expect(header).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe(
      '/bookings',
    );
  });

  it('sends a new e-mailed link on request, to the address the booking was made with', async () => {
    const user = userEvent.setup();
    let asked = 0;
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () => errorBody(404, 'NOT_FOUND'),
      [`POST /api/booking/${PNR}/send-link`]: () => {
        asked += 1;
        return asked === 1
          ? errorBody(429, 'TOO_MANY_REQUESTS', {
              _: ['Too many attempts. Please try again in 2 minutes.'],
            })
          : json({ success: true }, { status: 202 });
      },
    });
    renderApp(`/bookings/${PNR.toLowerCase()}`);
    const request = await screen.findByRole('button', { name: 'E-mail me a new link' });
    await user.click(request);
    expect(
      await screen.findByText('Too many attempts. Please try again in 2 minutes.'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'E-mail me a new link' }));
    expect(
      await screen.findByText(
        /If this booking exists, a new link is on its way to the e-mail address it was booked with\./,
      ),
    ).toBeDefined();
    expect(asked).toBe(2);
    expect(screen.queryByRole('button', { name: 'E-mail me a new link' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a hand-off token for this booking and removes it from the address', async () => {
    window.history.replaceState(null, '', `/bookings/${PNR}#device-token=${TEST_DEVICE_TOKEN}`);
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: ({ headers }) =>
        headers.get('x-booking-tokens') === TEST_DEVICE_TOKEN
          ? json({ success: true, booking: ticketed })
          : errorBody(404, 'NOT_FOUND'),
    });
    renderApp(`/bookings/${PNR}`);
    expect(
      await screen.findByText('Your booking is paid and your tickets have been issued.'),
    ).toBeDefined();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe(`/bookings/${PNR}`);
  });
});

describe('e-ticket page', () => {
  it('shows the passenger, ticket number, reference, flight, fare and baggage, and prints', async () => {
    mockStoredBooking(ticketed);
    const print = vi.fn();
    window.print = print;
    const user = userEvent.setup();
    renderApp(`/bookings/${PNR}/flight/0/ticket/0`);
    const ticket = await screen.findByRole('article', { name: 'Electronic ticket' });
    expect(within(ticket).getByText('PETROVA Ana (Adult)')).toBeDefined();
    expect(within(ticket).getByText('1572300000001')).toBeDefined();
    expect(within(ticket).getByText(PNR)).toBeDefined();
    expect(within(ticket).getAllByText('Economy class, fare Q').length).toBeGreaterThan(0);
    expect(within(ticket).getByText('1 cabin bag up to 8 kg')).toBeDefined();
    expect(within(ticket).getByText('1 checked bag up to 23 kg')).toBeDefined();
    expect(within(ticket).getByText('1 extra checked bag')).toBeDefined();
    expect(within(ticket).getByText(/Departs Sofia \(SOF\) at 7:05 AM/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('gives each flight of a connection its own ticket, named by its route and shown alone', async () => {
    const ticket = (segmentIndex: number, passengerIndex: number, number: string) => ({
      flightIndex: 0,
      segmentIndex,
      passengerIndex,
      number,
      issuedAt: '2026-11-22T10:06:00.000Z',
    });
    mockStoredBooking(
      ticketedBooking({
        flights: [connectionLeg()],
        tickets: [
          ticket(0, 0, '1572300000001'),
          ticket(0, 1, '1572300000002'),
          ticket(1, 0, '6041100000003'),
          ticket(1, 1, '6041100000004'),
        ],
      }),
    );
    const { router } = renderApp(`/bookings/${PNR}`);
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    // Each passenger's tickets together, in the order the flights are flown.
    expect(
      within(tickets)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'E-ticket 1572300000001: Ana Petrova, flight 1, SOF–LHR',
      'E-ticket 6041100000003: Ana Petrova, flight 1, LGW–JFK',
      'E-ticket 1572300000002: Iva Petrova, flight 1, SOF–LHR',
      'E-ticket 6041100000004: Iva Petrova, flight 1, LGW–JFK',
    ]);
    await router.navigate(`/bookings/${PNR}/flight/0/ticket/1`);
    const eTicket = await screen.findByRole('article', { name: 'Electronic ticket' });
    expect(within(eTicket).getByText('6041100000003')).toBeDefined();
    expect(within(eTicket).getByText(/Departs LGW at 12:30 PM/)).toBeDefined();
    expect(within(eTicket).queryByText(/Departs Sofia/)).toBeNull();
  });

  it('says so for a ticket that has not been issued', async () => {
    mockStoredBooking(ticketed);
    renderApp(`/bookings/${PNR}/flight/0/ticket/5`);
    expect(
      await screen.findByText('This ticket has not been issued, or does not exist.'),
    ).toBeDefined();
  });

  it('offers no e-ticket of a cancelled booking, on the booking page or by its address', async () => {
    const cancelled = { ...ticketed, status: 'cancelled' as const };
    mockStoredBooking(cancelled);
    const { router } = renderApp(`/bookings/${PNR}`);
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    const voided =
      'The tickets of this booking were cancelled with it and are no longer valid for travel.';
    expect(within(tickets).getByText(voided)).toBeDefined();
    expect(within(tickets).queryAllByRole('link')).toEqual([]);
    await router.navigate(`/bookings/${PNR}/flight/0/ticket/0`);
    expect(await screen.findByText(voided)).toBeDefined();
    expect(screen.queryByRole('article', { name: 'Electronic ticket' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
