/**
 * What the features of the app count for the metrics (`GET /metrics`, docs/operations.md
 * "Metrics"). The metrics plugin (`plugins/metrics.ts`) implements it as `app.metrics`; each
 * module's `<module>.plugin.ts` hands its services the part they use, so no service imports a
 * plugin and the plugin imports no module.
 */

/** How a search progress stream reaches the browser. */
export type StreamTransport = 'sse' | 'websocket';

/** How a search job ended. */
export type SearchEnd = 'done' | 'error';

/**
 * What became of a payment attempt: the provider's answers (`succeeded`, `failed`,
 * `requires_action` for a 3-D Secure or approval page, `pending` until the bank confirms),
 * a payment the booking cannot keep (`refund_pending`, then `refunded`), and a booking confirmed
 * to be paid at the airline (`pay_at_airline`).
 */
export const PAYMENT_OUTCOMES = [
  'succeeded',
  'failed',
  'requires_action',
  'pending',
  'refund_pending',
  'refunded',
  'pay_at_airline',
] as const;

export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** Whether a payment status is one of the {@link PAYMENT_OUTCOMES} counted. */
export function isPaymentOutcome(status: string): status is PaymentOutcome {
  return (PAYMENT_OUTCOMES as readonly string[]).includes(status);
}

/**
 * What re-priced fares (docs/decisions/009-fares-that-move.md): the periodic job (days to
 * departure), seats taken or given back, an airline's sale published or ended.
 */
export const REPRICE_TRIGGERS = ['job', 'seats', 'sale'] as const;

export type RepriceTrigger = (typeof REPRICE_TRIGGERS)[number];

/** The side effects of one outbox topic not done yet, read when the metrics are scraped. */
export interface OutboxBacklog {
  topic: string;
  /** Entries not processed yet (due, waiting for a retry, or held by a worker). */
  pending: number;
  /** When the oldest of them was written (ISO instant); null when there is none. */
  oldestCreatedAt: string | null;
}

export interface AppMetrics {
  /** A search job started in this process (not a start that joined one or found it stored). */
  searchStarted(): void;
  /** A search job of this process ended, after `seconds`. */
  searchFinished(status: SearchEnd, seconds: number): void;
  /** A progress stream opened; call the answer once when it closes. */
  streamOpened(transport: StreamTransport): () => void;
  /** A booking was created (its seats held). */
  bookingCreated(): void;
  /** A booking was paid through a payment provider (`method`: CREDIT_CARD, PAYPAL, …). */
  bookingPaid(method: string): void;
  /** An unpaid booking's seat hold ended (by the sweeper, or on a read). */
  bookingExpired(): void;
  /** A payment attempt reached an outcome. */
  paymentOutcome(outcome: PaymentOutcome, method: string): void;
  /** Re-pricing changed the price of `count` fare classes. */
  faresRepriced(trigger: RepriceTrigger, count: number): void;
  /** How to read the outbox backlog at scrape time (the outbox module gives it). */
  readOutboxBacklog(read: () => Promise<readonly OutboxBacklog[]>): void;
}
