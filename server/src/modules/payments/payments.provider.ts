import type { PaymentProvider as PaymentMethod } from '@uniquair/domain/config/payment-providers';

/**
 * What the booking flow needs from a payment service provider (DESIGN §6). Every method that
 * moves money takes our attempt key, which the provider uses as its idempotency key, so a retry
 * after a timeout or a crash never charges twice. Card data never passes through here: a card
 * arrives as the provider's token with brand, last four digits and expiry.
 *
 * The sandbox gateway (`payments.sandbox-client.ts` talking HTTP to `../sandbox-gateway/`) is the
 * default implementation for every gateway method; a real provider is another implementation of
 * this interface. DIRECT_TO_AIRLINE needs no provider.
 */

export type GatewayMethod = Exclude<PaymentMethod, 'DIRECT_TO_AIRLINE'>;

export interface CardDetails {
  readonly token: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface ChargeRequest {
  /** Our id of this payment attempt; the provider's idempotency key. */
  readonly attemptKey: string;
  readonly method: GatewayMethod;
  /** The booking's PNR, echoed back in the provider's payment and webhooks. */
  readonly reference: string;
  /** Minor units of `currency`, computed by our server. */
  readonly amount: number;
  readonly currency: string;
  /** Card methods only. */
  readonly card?: CardDetails;
  /** Where the provider sends the browser back after a challenge or approval page. */
  readonly returnUrl: string;
  /** The traveller's language, for the provider's pages. */
  readonly locale: string;
}

/**
 * Why a payment did not go through, one per text of SPEC §8, plus the PayPal-style outcomes
 * (`cancelled`: the payer aborted; `funding_failed`: the wallet refused to fund it).
 */
export const DECLINE_REASONS = [
  'declined',
  'expired_card',
  'insufficient_funds',
  'limit_exceeded',
  'not_authorized',
  'check_details',
  'cancelled',
  'funding_failed',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The provider's view of one payment. */
export type ProviderPaymentStatus =
  'requires_action' | 'processing' | 'succeeded' | 'failed' | 'refunded';

export interface ProviderPayment {
  /** The provider's payment id. */
  readonly id: string;
  readonly attemptKey: string;
  readonly reference: string;
  readonly method: GatewayMethod;
  readonly status: ProviderPaymentStatus;
  readonly amount: number;
  readonly currency: string;
  /** Set when `status` is `failed`. */
  readonly failureReason: DeclineReason | null;
  /** Set when `status` is `requires_action`: the page to send the browser to. */
  readonly redirectUrl: string | null;
  /**
   * What the page is: a 3-D Secure challenge (answered with the `DPO_SECURE_PAYMENT` code), a
   * wallet approval page (PayPal), or a bank or hosted payment page (Trustly, SilkPay).
   */
  readonly action: 'three_d_secure' | 'approval' | 'bank_redirect' | null;
  /** Set when `status` is `refunded`: how much went back (less than `amount` when partial). */
  readonly refundedAmount?: number | null;
}

export interface WebhookEvent {
  /** Unique per event; deliveries of the same event repeat it. */
  readonly id: string;
  readonly type: 'payment.processing' | 'payment.succeeded' | 'payment.failed' | 'payment.refunded';
  readonly createdAt: string;
  /** The payment as it was when the event was created; fetch it again when order matters. */
  readonly payment: ProviderPayment;
}

/** The provider could not be reached or answered with a server error: the outcome is unknown. */
export class PaymentProviderUnavailableError extends Error {
  override readonly name = 'PaymentProviderUnavailableError';
}

/**
 * The provider refused the request itself (4xx): an unknown payment id, parameters it does not
 * accept, or an attempt key reused with different parameters. The same request will fail again.
 */
export class PaymentProviderRequestError extends Error {
  override readonly name = 'PaymentProviderRequestError';
  /** HTTP status of the refusal and the provider's error code (e.g. 404 `payment_not_found`). */
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface PaymentProviderClient {
  /** Creates (or, for a known attempt key, returns) the payment; never charges twice. */
  charge(request: ChargeRequest): Promise<ProviderPayment>;
  /** The payment as the provider sees it now: the source of truth after any redirect. */
  retrieve(paymentId: string): Promise<ProviderPayment>;
  /**
   * The payment created with our attempt key (its idempotency key), or null when the provider
   * created none: how we learn the outcome of a charge whose answer was lost (a crash, a cut
   * connection). Real providers offer the same ("retrieve by idempotency key", or a search by
   * our reference).
   */
  findByAttemptKey(attemptKey: string): Promise<ProviderPayment | null>;
  /**
   * Refunds a succeeded payment, in full or `amount` (minor units) of it; idempotent per
   * `attemptKey`: the same key refunds once, however often it is sent.
   */
  refund(paymentId: string, attemptKey: string, amount?: number): Promise<ProviderPayment>;
  /**
   * Checks a webhook's signature over the raw body and its timestamp (300 s tolerance) and
   * parses it; throws WebhookVerificationError otherwise.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): WebhookEvent;
  /** Where the browser sends card fields for a token, and the key it sends with them. */
  cardTokenization(): { url: string; publishableKey: string };
}
