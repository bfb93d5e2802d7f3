/**
 * Payments over real HTTP, for integration tests of the booking flow and of the gateway.
 *
 * `startPaymentsTestApp(env, options)` builds the real application (its own database copy, as
 * `buildTestApp` does) and makes it listen on 127.0.0.1 on a free port, with PUBLIC_URL set to
 * that address. The in-process sandbox gateway is then reached by `app.paymentProvider` over
 * loopback HTTP exactly like a remote provider, and its webhooks go to this app's
 * `/api/payments/webhook` (or to PAYMENT_WEBHOOK_URL when the test sets it).
 *
 * What a test can do with it, beside `app.inject()` and `fetch(baseUrl + path)`:
 *
 * - `tokenizeCard(number)`: what the browser does on the pay page — POST the card fields to the
 *   gateway's tokenisation endpoint with the publishable key; returns `{token, brand, last4,
 *   expMonth, expYear}` (the `card` of a ChargeRequest / of `POST /api/booking/{pnr}/pay`).
 * - `followRedirect(redirectUrl, outcome)`: what the payer does on a hosted page (3-D Secure
 *   challenge, PayPal-style approval, bank or SilkPay page) — GET it, then POST the button's form
 *   (`complete`, `fail`, `approve`, `cancel`, `funding_failure`, `pay`); returns the page's HTML
 *   and where the gateway sends the browser back (`returnUrl?payment=<id>`).
 * - `settle(paymentId)`: the bank confirms a processing bank-redirect payment now (instead of after
 *   GATEWAY_SETTLE_DELAY_MS); the `payment.succeeded` webhook follows.
 * - `gateway`: the sandbox itself (`gateway.faults` switches delays, 500s, cut connections and
 *   duplicate webhooks on and off; `gateway.dispatcher.round()` delivers due webhooks now).
 * - `webhookReceiver()`: a small HTTP server recording webhook deliveries, answering with the
 *   statuses a test queues (for tests of delivery itself; point PAYMENT_WEBHOOK_URL at it).
 *
 * Test card numbers and what they do: docs/payments.md (and TEST_CARDS below).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderPayment } from '../../src/modules/payments/payments.provider.ts';
import type { SandboxGateway } from '../../src/modules/sandbox-gateway/sandbox-gateway.routes.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './build.ts';

export { TEST_CARDS } from '../../src/modules/sandbox-gateway/sandbox-gateway.cards.ts';

/** Test card numbers by what they do (docs/payments.md). */
export const CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  expired: '4000000000000069',
  insufficientFunds: '4000000000009995',
  limitExceeded: '4000000000009987',
  notAuthorized: '4000000000009979',
  checkDetails: '4000000000000127',
} as const;

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface HostedPageResult {
  /** The hosted page as the payer saw it. */
  html: string;
  /** HTTP status of the form post (303 when the gateway sends the browser back). */
  status: number;
  /** Where the browser is sent: the payment's return URL with `payment=<id>`. */
  location: string | null;
}

export interface PaymentsTestApp extends TestApp {
  /** `http://127.0.0.1:<port>`: the app, and the gateway under `/sandbox-gateway`. */
  baseUrl: string;
  /** The in-process sandbox gateway. */
  gateway: SandboxGateway;
  tokenizeCard(
    number: string,
    fields?: Partial<{ holder: string; expMonth: number; expYear: number; cvc: string }>,
  ): Promise<CardToken>;
  followRedirect(redirectUrl: string, outcome: string): Promise<HostedPageResult>;
  settle(paymentId: string): Promise<ProviderPayment>;
}

/** A payments test app whose gateway sends its webhooks to a receiver of the test's own. */
export interface ReceivingPaymentsTestApp extends PaymentsTestApp {
  receiver: WebhookReceiver;
}

/**
 * {@link startPaymentsTestApp} with PAYMENT_WEBHOOK_URL pointing at a {@link webhookReceiver}
 * (each test decides which deliveries reach the app); `close()` stops both.
 */
export async function startWithWebhookReceiver(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<ReceivingPaymentsTestApp> {
  const receiver = await webhookReceiver();
  const testApp = await startPaymentsTestApp(
    { ...env, PAYMENT_WEBHOOK_URL: receiver.url },
    options,
  );
  return withReceiver(testApp, receiver);
}

/** A payments test app with what receives its outgoing calls; `close()` stops both. */
export function withReceiver<R extends { close(): Promise<void> }>(
  testApp: PaymentsTestApp,
  receiver: R,
): PaymentsTestApp & { receiver: R } {
  return {
    ...testApp,
    receiver,
    async close() {
      await testApp.close();
      await receiver.close();
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Builds the app and listens on 127.0.0.1 (see the top of this file). */
export async function startPaymentsTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<PaymentsTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await buildTestApp(
    { PORT: String(port), PUBLIC_URL: baseUrl, ...env },
    {
      ...options,
      paymentGateway: {
        ...options.paymentGateway,
        sandbox: {
          pollIntervalMs: 50,
          webhookRetryDelayMs: 50,
          ...options.paymentGateway?.sandbox,
        },
      },
    },
  );
  const { app, config } = testApp;
  await app.listen({ host: '127.0.0.1', port });
  const gateway = app.sandboxGateway;
  if (gateway === null) {
    await testApp.close();
    throw new Error('The sandbox gateway is not running in this app (PAYMENT_GATEWAY_URL is set)');
  }
  const gatewayUrl = `${baseUrl}/sandbox-gateway`;
  const absolute = (url: string) => (url.startsWith('/') ? `${baseUrl}${url}` : url);

  return {
    ...testApp,
    baseUrl,
    gateway,
    async tokenizeCard(number, fields = {}) {
      const { url, publishableKey } = app.paymentProvider.cardTokenization();
      const response = await fetch(absolute(url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${publishableKey}`,
          'content-type': 'application/json',
          origin: new URL(config.publicUrl).origin,
        },
        body: JSON.stringify({
          holder: fields.holder ?? 'Ada Lovelace',
          number,
          expMonth: fields.expMonth ?? 12,
          expYear: fields.expYear ?? new Date().getUTCFullYear() + 3,
          cvc: fields.cvc ?? '123',
        }),
      });
      const body = (await response.json()) as CardToken;
      if (response.status !== 200) {
        throw new Error(`Tokenising failed (${response.status}): ${JSON.stringify(body)}`);
      }
      return body;
    },
    async followRedirect(redirectUrl, outcome) {
      const pageUrl = absolute(redirectUrl);
      const page = await fetch(pageUrl);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`Hosted page answered ${page.status}`);
      if (
        !html.includes(`name="outcome" value="${outcome}"`) &&
        !html.includes('Return to the merchant')
      ) {
        throw new Error(`The hosted page has no "${outcome}" button`);
      }
      const answer = await fetch(pageUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome }).toString(),
        redirect: 'manual',
      });
      await answer.body?.cancel();
      return { html, status: answer.status, location: answer.headers.get('location') };
    },
    async settle(paymentId) {
      const response = await fetch(`${gatewayUrl}/v1/test/payments/${paymentId}/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.paymentGateway.secretKey}` },
      });
      const body = (await response.json()) as ProviderPayment;
      if (response.status !== 200) {
        throw new Error(`Settling failed (${response.status}): ${JSON.stringify(body)}`);
      }
      return body;
    },
  };
}

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
  /** The status the receiver answered with. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer the next deliveries with, in order (then 200). */
  respondWith(...statuses: number[]): void;
  /** Resolves once at least `count` deliveries arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A local HTTP server that records webhook deliveries (see the top of this file). */
export async function webhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued: number[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = queued.shift() ?? 200;
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
        status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    respondWith: (...statuses) => queued.push(...statuses),
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`Expected ${count} webhook deliveries, got ${received.length}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
