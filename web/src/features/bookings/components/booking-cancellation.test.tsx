import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDetail } from '@uniquair/contract/booking';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockStoredBooking,
  storeDeviceBooking,
  testBooking,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PNR = 'K7Q2ZP4';

const ticketed = ticketedBooking();

const quote = {
  success: true,
  refund: { amount: 15_000, currency: 'USD' },
  fee: { amount: 10_000, currency: 'USD' },
  nonRefundable: { amount: 2_500, currency: 'USD' },
  paid: { amount: 27_500, currency: 'USD' },
  freeWindow: false,
  scheduleChanged: false,
  lines: [
    {
      flightIndex: 0,
      passengerIndex: 0,
      fareClass: 'B',
      refundable: true,
      paid: 25_000,
      fee: 10_000,
      refund: 15_000,
      nonRefundable: 0,
    },
    {
      flightIndex: 0,
      passengerIndex: 1,
      fareClass: 'Q',
      refundable: false,
      paid: 2_500,
      fee: 0,
      refund: 0,
      nonRefundable: 2_500,
    },
  ],
};

/** Opens the booking page and asks what cancelling gives back; the user who asked. */
async function askForQuote() {
  const user = userEvent.setup();
  renderApp(`/bookings/${PNR}`);
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'See what cancelling gives back' },
      { timeout: 15_000 },
    ),
  );
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cancelling a booking', () => {
  it('shows the quote, confirms in a dialog, then follows the refund', async () => {
    storeDeviceBooking(PNR);
    let booking: BookingDetail = ticketed;
    const sent: { key: string | null; body: unknown }[] = [];
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () => json({ success: true, booking }),
      [`GET /api/booking/${PNR}/cancellation-quote`]: () => json(quote),
      [`POST /api/booking/${PNR}/cancel`]: ({ headers, body }) => {
        sent.push({ key: headers.get('idempotency-key'), body });
        const refund = {
          state: 'requested' as const,
          amount: 15_000,
          currency: 'USD',
          timeline: [{ state: 'requested' as const, at: '2026-11-23T10:00:00.000Z' }],
          creditNoteNumber: null,
        };
        booking = { ...ticketed, status: 'cancelled', refund };
        return json({ success: true, status: 'cancelled', refund });
      },
    });
    const user = await askForQuote();
    expect(
      await screen.findByText(
        'Ana Petrova, flight 1 (fare B): paid $250.00, fee $100.00, refund $150.00',
      ),
    ).toBeDefined();
    expect(
      screen.getByText(
        'Iva Petrova, flight 1 (fare Q): paid $25.00, no refund — this fare is not refundable',
      ),
    ).toBeDefined();
    expect(screen.getByText('You get back: $150.00')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel booking ${PNR}?` });
    expect(within(dialog).getByText(/\$150\.00 will be refunded/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the booking' }));

    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('Refund of $150.00')).toBeDefined();
    expect(within(refund).getByText('Requested')).toBeDefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[\x21-\x7E]{8,128}$/);
    expect(sent[0]?.body).toEqual({ acceptedRefund: { amount: 15_000, currency: 'USD' } });
  });

  it('says plainly when the quote changed, and shows the new one', async () => {
    let quotes = 0;
    mockStoredBooking(ticketed, {
      [`GET /api/booking/${PNR}/cancellation-quote`]: () => {
        quotes += 1;
        return json(quote);
      },
      [`POST /api/booking/${PNR}/cancel`]: () => errorBody(409, 'CANCELLATION_QUOTE_CHANGED'),
    });
    const user = await askForQuote();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The refund on offer has changed. Check the new amount and confirm again.',
    );
    expect(quotes).toBe(2);
  });

  it('a cancelled booking without money to give back says so and offers no cancel', async () => {
    mockStoredBooking(testBooking({ status: 'cancelled', payable: false }));
    renderApp(`/bookings/${PNR}`);
    expect(
      await screen.findByText('There is no refund for this booking.', {}, { timeout: 15_000 }),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'See what cancelling gives back' })).toBeNull();
  });
});
