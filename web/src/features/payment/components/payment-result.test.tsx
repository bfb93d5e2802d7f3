import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockStoredBooking,
  storeDeviceBooking,
  testBooking,
} from '../../../testing/booking-fixtures.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PAGE_LOAD_MS } from '../../../testing/page-load.ts';
import { renderWithIntl } from '../../../components/ui/test-utils.tsx';
import { HoldCountdown } from './hold-countdown.tsx';

const PNR = 'K7Q2ZP4';

afterEach(() => {
  vi.useRealTimers();
});

describe('payment result pages', () => {
  it('follows the booking from payment in progress to confirmed to tickets issued', async () => {
    storeDeviceBooking(PNR);
    const states = [
      testBooking({
        payments: [
          {
            method: 'TRUSTLY',
            state: 'pending',
            cardBrand: null,
            cardLast4: null,
            amount: 24_000,
            currency: 'USD',
            updatedAt: '2026-11-22T10:05:00.000Z',
          },
        ],
      }),
      testBooking({ status: 'paid', payable: false }),
      testBooking({
        status: 'ticketed',
        payable: false,
        tickets: [
          {
            flightIndex: 0,
            segmentIndex: 0,
            passengerIndex: 0,
            number: '1572300000001',
            issuedAt: '2026-11-22T10:06:00.000Z',
          },
        ],
      }),
    ];
    let reads = 0;
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () => {
        const booking = states[Math.min(reads, states.length - 1)];
        reads += 1;
        return json({ success: true, booking });
      },
    });
    // The success route carries the PNR in lower case; the API is asked in upper case.
    renderApp(`/payment/${PNR.toLowerCase()}/success`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Thank you for your payment' },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    const confirming = `We are confirming the payment for booking ${PNR}. Your tickets are sent by e-mail as soon as it is confirmed.`;
    expect(await screen.findByText('Payment in progress…')).toBeDefined();
    expect(screen.getByText(confirming)).toBeDefined();
    expect(
      await screen.findByText(
        'Payment confirmed. Your tickets are being issued by the team.',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    // One state at a time: "confirming" is gone once the payment is confirmed.
    expect(screen.queryByText(confirming)).toBeNull();
    expect(screen.queryByText('Payment in progress…')).toBeNull();
    expect(
      await screen.findByText(
        'Payment confirmed. Your tickets have been issued and sent by e-mail.',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reads).toBe(settled);
    expect(screen.getByRole('link', { name: `View booking ${PNR}` }).getAttribute('href')).toBe(
      `/bookings/${PNR}`,
    );
  }, 20_000);

  it('thanks nobody for a booking that does not exist or is not this browser’s', async () => {
    mockAppApi({ [`GET /api/booking/${PNR}/get`]: () => errorBody(404, 'NOT_FOUND') });
    renderApp(`/payment/${PNR.toLowerCase()}/success`);
    expect(
      await screen.findByText(
        'This booking is not stored on this device. Open it from the link in your confirmation e-mail, or sign in to see your bookings.',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Booking ${PNR}`);
    expect(screen.queryByText('Thank you for your payment')).toBeNull();
    expect(screen.queryByText(/We are confirming the payment/)).toBeNull();
  });

  it('says a failed payment failed and offers to pay again', async () => {
    mockStoredBooking(
      testBooking({
        payments: [
          {
            method: 'CREDIT_CARD',
            state: 'failed',
            cardBrand: 'visa',
            cardLast4: '3184',
            amount: 24_000,
            currency: 'USD',
            updatedAt: '2026-11-22T10:05:00.000Z',
          },
        ],
      }),
    );
    renderApp(`/payment/${PNR.toLowerCase()}/success`);
    expect(
      await screen.findByText(
        'Payment failed. You have not been charged.',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Choose another payment method' }).getAttribute('href'),
    ).toBe(`/booking/${PNR}/pay`);
  });

  it.each([
    [
      'paypal/denied',
      'Payment Denied',
      'You have aborted your PayPal payment. You can choose another payment method.',
    ],
    [
      'paypal/funding-denied',
      'Funding denied',
      'PayPal denied your payment. We did not charge your account. Please review your PayPal account settings or choose another payment method.',
    ],
    [
      'failure',
      'Payment Failure',
      'Your transaction was denied. Your card has not been charged. Please double check your card details.',
    ],
  ])(
    'shows the %s page with the spec’s heading and text and a way back to pay',
    async (path, heading, text) => {
      mockAppApi();
      renderApp(`/payment/${PNR.toLowerCase()}/${path}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: heading }, { timeout: PAGE_LOAD_MS }),
      ).toBeDefined();
      expect(screen.getByText(text)).toBeDefined();
      expect(
        screen.getByRole('link', { name: 'Choose another payment method' }).getAttribute('href'),
      ).toBe(`/booking/${PNR}/pay`);
    },
  );
});

describe('hold countdown', () => {
  it('ticks every second on screen but announces only minute changes and the end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
    const onExpire = vi.fn();
    await renderWithIntl(
      <HoldCountdown expiresAt="2026-11-22T10:02:05.000Z" onExpire={onExpire} />,
    );
    const status = screen.getByRole('status');
    const clock = () => document.querySelector('time')?.textContent;
    expect(clock()).toBe('2:05');
    expect(status.textContent).toBe('3 minutes left to pay before the seat hold ends.');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(clock()).toBe('2:04');
    expect(status.textContent).toBe('3 minutes left to pay before the seat hold ends.');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(clock()).toBe('1:59');
    expect(status.textContent).toBe('2 minutes left to pay before the seat hold ends.');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(status.textContent).toBe('1 minute left to pay before the seat hold ends.');
    expect(onExpire).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(status.textContent).toBe('The seat hold has ended.');
    expect(document.querySelector('time')).toBeNull();
    expect(onExpire).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(onExpire).toHaveBeenCalledOnce();
  });
});
