import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockAppApi, type ApiHandler } from '../../../testing/mock-api.ts';
import { priceLine } from '../../../testing/price-lines.ts';
import { fillCardForm, TEST_CARD_TOKEN } from '../../../testing/card-form.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PAGE_LOAD_MS } from '../../../testing/page-load.ts';
import {
  mockStoredBooking,
  storeDeviceBooking,
  TEST_DEVICE_TOKEN,
  TEST_TOKENIZATION_URL,
  testBooking,
  testPaymentOptions,
} from '../../../testing/booking-fixtures.ts';

const PNR = 'K7Q2ZP4';
const CARD = '4242 4242 4242 4242';
const CARD_DIGITS = '4242424242424242';
const TOKEN = TEST_CARD_TOKEN;

interface Sent {
  readonly path: string;
  readonly body: unknown;
  readonly headers: Headers;
}

/** The server and the gateway as the pay page sees them; every request is recorded. */
function payApi(pay: ApiHandler, extra: Record<string, ApiHandler> = {}) {
  const sent: Sent[] = [];
  const record =
    (handler: ApiHandler): ApiHandler =>
    (request) => {
      sent.push({ path: request.url.href, body: request.body, headers: request.headers });
      return handler(request);
    };
  const api = mockAppApi({
    [`GET /api/booking/${PNR}/get`]: record(() => json({ success: true, booking: testBooking() })),
    [`GET /api/booking/${PNR}/payment-options`]: record(() => json(testPaymentOptions())),
    'POST /v1/tokens': record(() => json({ success: true, ...TOKEN })),
    [`POST /api/booking/${PNR}/pay`]: record(pay),
    ...Object.fromEntries(Object.entries(extra).map(([key, handler]) => [key, record(handler)])),
  });
  return { api, sent };
}

function fillCard(user: ReturnType<typeof userEvent.setup>, number = CARD) {
  return fillCardForm(user, number);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Stands in for `window.location.assign`: the page's redirects are caught, not followed. */
function catchRedirects() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    // Requests are resolved against it.
    href: window.location.href,
    origin: 'http://localhost',
    hash: '',
    assign,
  });
  return assign;
}

describe('pay page', () => {
  it('shows the booking, the hold and each method with its amount, reading with the device token', async () => {
    storeDeviceBooking(PNR);
    const { sent } = payApi(() => errorBody(500, 'INTERNAL_ERROR'));
    renderApp(`/booking/${PNR}/pay`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: `Pay for booking ${PNR}` },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    expect(await screen.findByText('Flight 1: Sofia (SOF) to London (LHR)')).toBeDefined();
    expect(screen.getByText('Ana Petrova (Adult)')).toBeDefined();
    expect(screen.getByText('Iva Petrova (Child)')).toBeDefined();
    expect(screen.getByText(/Departs Sofia \(SOF\) at 7:05 AM/)).toBeDefined();
    expect(screen.getByText('Total: $240.00')).toBeDefined();
    // Two seats at $120.00, no extras; shown and charged in USD, so no currency rule.
    expect(priceLine('Fares')).toBe('$240.00');
    expect(priceLine('Extras')).toBe('none');
    expect(screen.queryByText(/Bookings are charged in/)).toBeNull();
    expect(screen.getByText('Your seats are held for')).toBeDefined();
    const methods = await screen.findByRole('group', { name: 'How would you like to pay?' });
    expect(within(methods).getByRole('radio', { name: /Card \$240\.00/ })).toBeDefined();
    expect(within(methods).getByRole('radio', { name: /PayPal \$240\.00/ })).toBeDefined();
    expect(
      within(methods).getByRole('radio', { name: /Pay the airline directly \$240\.00/ }),
    ).toBeDefined();
    for (const request of sent) {
      expect(request.headers.get('x-booking-tokens')).toBe(TEST_DEVICE_TOKEN);
    }
  });

  it('sends the card to the gateway only, then pays with the token and an idempotency key', async () => {
    storeDeviceBooking(PNR);
    const { sent } = payApi(() => json({ success: true, outcome: 'paid', status: 'paid' }));
    const user = userEvent.setup();
    const { router } = renderApp(`/booking/${PNR}/pay`);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/k7q2zp4/success'));
    // The booking is read again once paid; its payment options are not, the page being left.
    const paid = sent.findIndex((request) => request.path.endsWith('/pay'));
    const after = sent.slice(paid + 1).map((request) => new URL(request.path).pathname);
    expect(after).toContain(`/api/booking/${PNR}/get`);
    expect(after).not.toContain(`/api/booking/${PNR}/payment-options`);
    const tokenization = sent.find((request) => request.path === TEST_TOKENIZATION_URL);
    expect(tokenization?.body).toMatchObject({
      holder: 'Ana Petrova',
      number: CARD_DIGITS,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const pay = sent.find((request) => request.path.endsWith(`/api/booking/${PNR}/pay`));
    expect(pay?.body).toEqual({ method: 'CREDIT_CARD', card: TOKEN });
    expect(pay?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing of the card but its token, brand, last four and expiry ever reaches our API.
    for (const request of sent.filter((entry) => new URL(entry.path).pathname.startsWith('/api'))) {
      const text = JSON.stringify(request.body ?? '');
      expect(text).not.toContain(CARD_DIGITS);
      expect(text).not.toContain('"cvc"');
    }
  });

  it('opens the success page on the booking read once paid, not reading it again on arrival', async () => {
    // The success page's poll is held, so that only the reads on arrival count.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      storeDeviceBooking(PNR);
      const { sent } = payApi(() => json({ success: true, outcome: 'paid', status: 'paid' }));
      const user = userEvent.setup();
      renderApp(`/booking/${PNR}/pay`);
      await fillCard(user);
      await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your payment' }),
      ).toBeDefined();
      const paid = sent.findIndex((request) => request.path.endsWith('/pay'));
      const reads = sent.slice(paid + 1).filter((request) => request.path.endsWith('/get'));
      expect(reads).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the decline in the spec’s words and keeps the booking payable with a new attempt', async () => {
    storeDeviceBooking(PNR);
    const keys: string[] = [];
    let calls = 0;
    payApi(({ headers }) => {
      keys.push(headers.get('idempotency-key') ?? '');
      calls += 1;
      return calls === 1
        ? errorBody(402, 'INSUFFICIENT_FUNDS', { _: ['Your card has insufficient funds'] })
        : json({ success: true, outcome: 'paid', status: 'paid' });
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/booking/${PNR}/pay`);
    await fillCard(user, '4000 0000 0000 9995');
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment failed')).toBeDefined();
    expect(within(alert).getByText('Your card has insufficient funds')).toBeDefined();
    // The security code is cleared; the method list is still there.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/Security code/).value).toBe(''),
    );
    await user.type(screen.getByLabelText(/Security code/), '321');
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/k7q2zp4/success'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries an attempt whose answer was lost with the same idempotency key', async () => {
    storeDeviceBooking(PNR);
    const keys: string[] = [];
    const bodies: unknown[] = [];
    payApi(({ headers, body }) => {
      keys.push(headers.get('idempotency-key') ?? '');
      bodies.push(body);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return json({ success: true, outcome: 'paid', status: 'paid' });
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/booking/${PNR}/pay`);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
    expect(
      await screen.findByText('Unable to connect to server, please try again later'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/k7q2zp4/success'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('goes to the 3-D Secure challenge the answer names', async () => {
    storeDeviceBooking(PNR);
    payApi(() =>
      json({
        success: true,
        outcome: 'redirect',
        code: 'DPO_SECURE_PAYMENT',
        redirectUrl: 'https://gateway.test/3ds/challenge/abc',
        status: 'not_paid',
      }),
    );
    const assign = catchRedirects();
    const user = userEvent.setup();
    renderApp(`/booking/${PNR}/pay`);
    await fillCard(user, '4000 0027 6000 3184');
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://gateway.test/3ds/challenge/abc'),
    );
  });

  it('sends PayPal to its approval page without any card data', async () => {
    storeDeviceBooking(PNR);
    const { sent } = payApi(() =>
      json({
        success: true,
        outcome: 'redirect',
        redirectUrl: '/sandbox/paypal/approve/xyz',
        status: 'not_paid',
      }),
    );
    const assign = catchRedirects();
    const user = userEvent.setup();
    renderApp(`/booking/${PNR}/pay`);
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    expect(
      screen.getByText(
        'You will be taken to PayPal to pay $240.00, and brought back here afterwards.',
      ),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/paypal/approve/xyz'),
    );
    expect(sent.find((request) => request.path.endsWith('/pay'))?.body).toEqual({
      method: 'PAYPAL',
    });
    expect(sent.some((request) => request.path === TEST_TOKENIZATION_URL)).toBe(false);
  });

  it('confirms a booking paid to the airline and says so on the booking page', async () => {
    storeDeviceBooking(PNR);
    let paid = false;
    payApi(
      () => {
        paid = true;
        return json({ success: true, outcome: 'pay_at_airline', status: 'pay_at_airline' });
      },
      {
        [`GET /api/booking/${PNR}/get`]: () =>
          json({
            success: true,
            booking: paid
              ? testBooking({ status: 'pay_at_airline', payable: false, holdExpiresAt: null })
              : testBooking(),
          }),
      },
    );
    const user = userEvent.setup();
    const { router } = renderApp(`/booking/${PNR}/pay`);
    await user.click(await screen.findByRole('radio', { name: /Pay the airline directly/ }));
    expect(screen.getByText(/the payment of \$240\.00 is due to the airline/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookings/${PNR}`));
    expect(await screen.findByText(/The payment is due to the airline/)).toBeDefined();
  });

  it('checks the card fields first and shows a summary that takes focus, asking nobody', async () => {
    storeDeviceBooking(PNR);
    const { sent } = payApi(() => errorBody(500, 'INTERNAL_ERROR'));
    const user = userEvent.setup();
    renderApp(`/booking/${PNR}/pay`);
    await user.type(await screen.findByLabelText(/Card number/), '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Enter the name on the card' })).toBeDefined();
    expect(within(summary).getByRole('link', { name: 'Enter a valid card number' })).toBeDefined();
    expect(within(summary).getByRole('link', { name: 'Choose the expiry month' })).toBeDefined();
    await user.click(within(summary).getByRole('link', { name: 'Enter a valid card number' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Card number/));
    expect(sent.some((request) => request.path === TEST_TOKENIZATION_URL)).toBe(false);
  });

  it('shows the gateway’s own field errors on the fields', async () => {
    storeDeviceBooking(PNR);
    payApi(() => errorBody(500, 'INTERNAL_ERROR'), {
      'POST /v1/tokens': () =>
        json(
          {
            error: {
              type: 'invalid_request_error',
              code: 'invalid_card',
              message: 'The card details are not valid',
              fields: { number: ['The card number is not valid'] },
            },
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderApp(`/booking/${PNR}/pay`);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $240.00' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('Enter a valid card number')).toBeDefined();
    const number = screen.getByLabelText(/Card number/);
    expect(number.getAttribute('aria-invalid')).toBe('true');
  });

  it('says a paid booking is already paid and links to it', async () => {
    mockStoredBooking(testBooking({ status: 'paid', payable: false }));
    renderApp(`/booking/${PNR}/pay`);
    expect(await screen.findByText('This booking is already paid')).toBeDefined();
    expect(screen.getByRole('link', { name: `View booking ${PNR}` }).getAttribute('href')).toBe(
      `/bookings/${PNR}`,
    );
  });

  it('tells a browser without access that the booking is not stored here', async () => {
    mockAppApi({ [`GET /api/booking/${PNR}/get`]: () => errorBody(404, 'NOT_FOUND') });
    renderApp(`/booking/${PNR}/pay`);
    expect(await screen.findByText(/This booking is not stored on this device/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?redirectTo=%2Fbooking%2F${PNR}%2Fpay`,
    );
  });

  it('offers a new search once the hold has ended', async () => {
    mockStoredBooking(testBooking({ status: 'expired', payable: false }));
    renderApp(`/booking/${PNR}/pay`);
    expect(
      await screen.findByText(/The seat hold has ended and the seats were released/),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Search again' }).getAttribute('href')).toBe('/');
  });

  it('takes a hand-off token from the fragment and clears it from the address first', async () => {
    window.history.replaceState(null, '', `/booking/${PNR}/pay#device-token=${TEST_DEVICE_TOKEN}`);
    let header: string | null = null;
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: ({ headers }) => {
        header = headers.get('x-booking-tokens');
        return json({ success: true, booking: testBooking({ status: 'paid', payable: false }) });
      },
    });
    renderApp(`/booking/${PNR}/pay#device-token=${TEST_DEVICE_TOKEN}`);
    expect(await screen.findByText('This booking is already paid')).toBeDefined();
    expect(header).toBe(TEST_DEVICE_TOKEN);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe(`/booking/${PNR}/pay`);
  });
});
