import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDetail } from '@uniquair/contract/booking';
import type { BookingChange, ChangeOption } from '@uniquair/contract/booking-changes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openBookingSection,
  storeDeviceBooking,
  testPaymentOptions,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { errorBody, json, mockAppApi, type ApiHandler } from '../../../testing/mock-api.ts';
import { fillCardForm, TEST_CARD_TOKEN } from '../../../testing/card-form.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PNR = 'K7Q2ZP4';
const TOKEN = TEST_CARD_TOKEN;

function changeableBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  const booking = ticketedBooking();
  return {
    ...booking,
    flights: booking.flights.map((flight) => ({ ...flight, fareClass: 'M', changeable: true })),
    ...overrides,
  };
}

const option: ChangeOption = {
  flightId: '812',
  date: '2026-12-26',
  departureUtc: '2026-12-26T05:05:00.000Z',
  departureLocal: '2026-12-26T07:05',
  arrivalUtc: '2026-12-26T09:10:00.000Z',
  arrivalLocal: '2026-12-26T09:10',
  flightNumber: 'UQ 103',
  stops: 0,
  fareClass: 'M',
  cabin: 'economy',
  seatsLeft: 4,
  changeFee: { amount: 15_000, currency: 'USD' },
  fareDifference: { amount: 2_000, currency: 'USD' },
  toPay: { amount: 17_000, currency: 'USD' },
  payout: { amount: 0, currency: 'USD' },
};

/** A cheaper day on a non-refundable fare: the fee is due, the difference is not refunded. */
const cheaper: ChangeOption = {
  ...option,
  flightId: '813',
  flightNumber: 'UQ 105',
  fareDifference: { amount: -500, currency: 'USD' },
  toPay: { amount: 15_000, currency: 'USD' },
};

function changeOf(state: BookingChange['state']): BookingChange {
  return {
    id: 7,
    flightIndex: 0,
    state,
    oldFareClass: 'M',
    newFlightId: option.flightId,
    newFareClass: 'M',
    departureLocal: option.departureLocal,
    arrivalLocal: option.arrivalLocal,
    flightNumber: option.flightNumber,
    changeFee: option.changeFee,
    fareDifference: option.fareDifference,
    toPay: option.toPay,
    payout: option.payout,
    holdExpiresAt:
      state === 'awaiting_payment' ? new Date(Date.now() + 15 * 60_000).toISOString() : null,
    createdAt: '2026-11-26T10:00:00.000Z',
    appliedAt: state === 'applied' ? '2026-11-26T10:05:00.000Z' : null,
  };
}

interface Sent {
  readonly path: string;
  readonly body: unknown;
  readonly headers: Headers;
}

/** The booking page's API while a change is made; `changes` is what the booking lists now. */
function changeApi(handlers: Record<string, ApiHandler>) {
  const sent: Sent[] = [];
  let changes: BookingChange[] = [];
  const record =
    (handler: ApiHandler): ApiHandler =>
    (request) => {
      sent.push({ path: request.url.href, body: request.body, headers: request.headers });
      return handler(request);
    };
  storeDeviceBooking(PNR);
  mockAppApi({
    [`GET /api/booking/${PNR}/get`]: () =>
      json({ success: true, booking: changeableBooking({ flightChanges: changes }) }),
    [`GET /api/booking/${PNR}/payment-options`]: () => json(testPaymentOptions()),
    'POST /v1/tokens': () => json({ success: true, ...TOKEN }),
    ...Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, record(handler)])),
  });
  return {
    sent,
    setChanges: (next: BookingChange[]) => {
      changes = next;
    },
  };
}

/** Opens the booking page and its "Change flight" block; answers the block. */
async function openChangeOptions(user: ReturnType<typeof userEvent.setup>) {
  const section = await openBookingSection(PNR, 'Change a flight');
  await user.click(within(section).getByRole('button', { name: /^Change flight / }));
  return section;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('changing a flight on the booking page', () => {
  it('lists the week’s flights with their price in words, holds the chosen one and pays it by card', async () => {
    const user = userEvent.setup();
    const api = changeApi({
      [`GET /api/booking/${PNR}/change-options`]: () =>
        json({
          success: true,
          flightIndex: 0,
          from: '2026-12-21',
          to: '2026-12-27',
          flights: [option, cheaper],
        }),
      [`POST /api/booking/${PNR}/change`]: () => {
        api.setChanges([changeOf('awaiting_payment')]);
        return json({ success: true, change: changeOf('awaiting_payment') });
      },
      [`POST /api/booking/${PNR}/change/pay`]: () => {
        api.setChanges([changeOf('applied')]);
        return json({ success: true, outcome: 'paid', status: 'ticketed' });
      },
    });
    const section = await openChangeOptions(user);

    const choice = await within(section).findByRole(
      'radio',
      {
        name: /UQ 103: departs .*, class M.*To pay: \$170\.00 \(change fee \$150\.00, fare difference \$20\.00\)/,
      },
      { timeout: 10_000 },
    );
    expect(
      within(section).getByRole('radio', {
        name: /UQ 105: .*To pay: \$150\.00, the change fee\. The new fare is \$5\.00 cheaper, but this fare does not refund the difference\./,
      }),
    ).toBeDefined();
    const options = api.sent.find((request) => request.path.includes('/change-options'));
    expect(new URL(options?.path ?? '').searchParams.get('date')).toBe('2026-12-24');
    await user.click(choice);
    await user.click(within(section).getByRole('button', { name: 'Choose this flight' }));

    const payment = await within(section).findByRole(
      'group',
      { name: 'Pay for your flight change' },
      { timeout: 10_000 },
    );
    const change = api.sent.find((request) => request.path.endsWith('/change'));
    expect(change?.body).toEqual({
      flightIndex: 0,
      flightId: '812',
      fareClass: 'M',
      acceptedPrice: { amount: 17_000, currency: 'USD' },
    });
    expect(change?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      within(payment).getByText(/^Pay \$170\.00 to confirm the change to flight UQ 103/),
    ).toBeDefined();
    expect(within(payment).getByText('Your seats are held for')).toBeDefined();
    // Only card methods pay a change, each for the change's amount.
    expect(within(payment).queryByRole('radio', { name: /PayPal/ })).toBeNull();
    await fillCardForm(user, '4242 4242 4242 4242', payment);
    await user.click(within(payment).getByRole('button', { name: 'Pay $170.00' }));

    await waitFor(
      () => expect(within(section).getByText(/^Changed to flight UQ 103, class M/)).toBeDefined(),
      {
        timeout: 10_000,
      },
    );
    const pay = api.sent.find((request) => request.path.endsWith('/change/pay'));
    expect(pay?.body).toEqual({ method: 'CREDIT_CARD', card: TOKEN });
    expect(within(section).queryByRole('group', { name: 'Pay for your flight change' })).toBeNull();
  });

  it('says so when the price moved, and shows the options again', async () => {
    const user = userEvent.setup();
    let asked = 0;
    changeApi({
      [`GET /api/booking/${PNR}/change-options`]: () => {
        asked += 1;
        return json({
          success: true,
          flightIndex: 0,
          from: '2026-12-21',
          to: '2026-12-27',
          flights: [option],
        });
      },
      [`POST /api/booking/${PNR}/change`]: () =>
        errorBody(409, 'CHANGE_PRICE_CHANGED', {
          'body.acceptedPrice': ['change.error.priceChanged'],
        }),
    });
    const section = await openChangeOptions(user);
    await user.click(
      await within(section).findByRole('radio', { name: /UQ 103/ }, { timeout: 10_000 }),
    );
    await user.click(within(section).getByRole('button', { name: 'Choose this flight' }));
    expect(
      await within(section).findByText(
        'The price of this change has just changed. Please check the new price.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    await waitFor(() => expect(asked).toBe(2));
  });

  it('offers nothing on a fare that cannot be changed', async () => {
    storeDeviceBooking(PNR);
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () => json({ success: true, booking: ticketedBooking() }),
    });
    renderApp(`/bookings/${PNR}`);
    expect(
      await screen.findByRole('region', { name: 'Flights' }, { timeout: 10_000 }),
    ).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Change a flight' })).toBeNull();
  });
});
