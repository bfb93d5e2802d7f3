import { z } from 'zod';
import {
  DECLINE_REASONS,
  PaymentProviderRequestError,
  PaymentProviderUnavailableError,
  WebhookVerificationError,
  type ChargeRequest,
  type GatewayMethod,
  type PaymentProviderClient,
  type ProviderPayment,
  type WebhookEvent,
} from './payments.provider.ts';
import {
  DEFAULT_TOLERANCE_SECONDS,
  SignatureVerificationError,
  verifyWebhookSignature,
} from './payments.webhook-signature.ts';

/**
 * Our client of the sandbox payment gateway (docs/payments.md): plain HTTP with the secret key,
 * our attempt key as the `Idempotency-Key` of every call that moves money, a time limit per call,
 * and a circuit breaker (reference CHAOS-3) so a gateway that keeps failing is not waited on by
 * every payment. It speaks only the gateway's public protocol, so it works the same whether the
 * sandbox runs in this process or elsewhere.
 */

/**
 * Where the sandbox gateway is mounted when it runs inside this server (and in its own process):
 * the client's address over loopback unless PAYMENT_GATEWAY_URL names another.
 */
export const SANDBOX_GATEWAY_PREFIX = '/sandbox-gateway';

export interface CircuitBreakerOptions {
  /** Consecutive failures (network, timeout, 5xx) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before one trial call may go through. */
  openMs: number;
}

export interface SandboxGatewayClientOptions {
  /**
   * Server-side base URL of the gateway (`http://127.0.0.1:3000/sandbox-gateway`), or a function
   * giving it at call time (null while unknown, e.g. before this server listens).
   */
  baseUrl: string | (() => string | null);
  /** The gateway as browsers reach it (tokenisation): a URL, or a path on the app's origin. */
  publicUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Time limit of one call (SPEC §9: 30000 ms). */
  timeoutMs: number;
  breaker?: CircuitBreakerOptions;
  /** Webhook timestamp tolerance, seconds (300). */
  webhookToleranceSeconds?: number;
  /** The current instant, for the circuit breaker. */
  now?: () => number;
}

const DEFAULT_BREAKER: CircuitBreakerOptions = { failureThreshold: 5, openMs: 30_000 };

const GATEWAY_METHODS = [
  'CREDIT_CARD',
  'PAYPAL',
  'TRUSTLY',
  'SILK_PAY',
  'SILK_PAY_UNION_PAY',
  'REVOLUT_CREDIT_CARD',
] as const satisfies readonly GatewayMethod[];

const PaymentSchema = z.object({
  id: z.string().min(1),
  attemptKey: z.string(),
  reference: z.string(),
  method: z.enum(GATEWAY_METHODS),
  status: z.enum(['requires_action', 'processing', 'succeeded', 'failed', 'refunded']),
  amount: z.number().int(),
  currency: z.string(),
  failureReason: z.enum(DECLINE_REASONS).nullable(),
  redirectUrl: z.string().nullable(),
  action: z.enum(['three_d_secure', 'approval', 'bank_redirect']).nullable(),
  refundedAmount: z.number().int().nullable().optional(),
});

const EventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['payment.processing', 'payment.succeeded', 'payment.failed', 'payment.refunded']),
  createdAt: z.string(),
  payment: PaymentSchema,
});

const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

function toPayment(data: z.infer<typeof PaymentSchema>): ProviderPayment {
  return {
    id: data.id,
    attemptKey: data.attemptKey,
    reference: data.reference,
    method: data.method,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    failureReason: data.failureReason,
    redirectUrl: data.redirectUrl,
    action: data.action,
    ...(typeof data.refundedAmount === 'number' ? { refundedAmount: data.refundedAmount } : {}),
  };
}

/** Consecutive-failure circuit breaker: closed → open (fail fast) → half-open (one trial). */
class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private trialInFlight = false;

  constructor(
    private readonly options: CircuitBreakerOptions,
    private readonly now: () => number,
  ) {}

  /** Throws when the circuit is open; otherwise says whether this call is the half-open trial. */
  enter(): boolean {
    if (this.failures < this.options.failureThreshold) return false;
    if (this.now() < this.openUntil || this.trialInFlight) {
      throw new PaymentProviderUnavailableError(
        'The payment gateway is failing; calls are paused for a moment (circuit open)',
      );
    }
    this.trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.trialInFlight = false;
  }

  failed(): void {
    this.failures += 1;
    this.trialInFlight = false;
    if (this.failures >= this.options.failureThreshold) {
      this.openUntil = this.now() + this.options.openMs;
    }
  }

  /** A call that reached the gateway and was answered (even with a 4xx) ends the trial well. */
  get isOpen(): boolean {
    return this.failures >= this.options.failureThreshold && this.now() < this.openUntil;
  }
}

export class SandboxGatewayClient implements PaymentProviderClient {
  private readonly breaker: CircuitBreaker;

  constructor(private readonly options: SandboxGatewayClientOptions) {
    this.breaker = new CircuitBreaker(options.breaker ?? DEFAULT_BREAKER, options.now ?? Date.now);
  }

  /** Whether calls are currently refused without trying (for health reports). */
  get circuitOpen(): boolean {
    return this.breaker.isOpen;
  }

  private baseUrl(): string {
    const base =
      typeof this.options.baseUrl === 'function' ? this.options.baseUrl() : this.options.baseUrl;
    if (base === null) {
      throw new PaymentProviderUnavailableError('The payment gateway address is not known yet');
    }
    return base.replace(/\/+$/, '');
  }

  /**
   * One call. Network errors, time-outs, 5xx and 409 (the same key still in flight) leave the
   * outcome unknown: PaymentProviderUnavailableError, to retry with the same attempt key. Other
   * 4xx are PaymentProviderRequestError.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { idempotencyKey?: string; body?: unknown } = {},
  ): Promise<unknown> {
    const url = `${this.baseUrl()}${path}`;
    this.breaker.enter();
    let response: Response;
    let text: string;
    try {
      const headers: Record<string, string> = {
        authorization: `Bearer ${this.options.secretKey}`,
        accept: 'application/json',
      };
      if (options.idempotencyKey !== undefined) {
        headers['idempotency-key'] = options.idempotencyKey;
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      this.breaker.failed();
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${this.options.timeoutMs} ms`
          : error instanceof Error
            ? error.cause instanceof Error
              ? error.cause.message
              : error.message
            : String(error);
      throw new PaymentProviderUnavailableError(`The payment gateway is unreachable: ${reason}`, {
        cause: error,
      });
    }
    if (response.status >= 500) {
      this.breaker.failed();
      throw new PaymentProviderUnavailableError(
        `The payment gateway failed (HTTP ${response.status})`,
      );
    }
    this.breaker.succeeded();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new PaymentProviderUnavailableError(
        `The payment gateway answered HTTP ${response.status} without JSON`,
      );
    }
    if (response.ok) return data;
    const error = ErrorSchema.safeParse(data);
    const code = error.success ? error.data.error.code : 'unknown';
    const message = error.success ? error.data.error.message : `HTTP ${response.status}`;
    if (response.status === 409 && code === 'idempotency_key_in_use') {
      throw new PaymentProviderUnavailableError(`The payment gateway is busy: ${message}`);
    }
    throw new PaymentProviderRequestError(
      `The payment gateway refused the request: ${message}`,
      response.status,
      code,
    );
  }

  private payment(data: unknown): ProviderPayment {
    const parsed = PaymentSchema.safeParse(data);
    if (!parsed.success) {
      throw new PaymentProviderUnavailableError(
        'The payment gateway answered an unknown payment shape',
      );
    }
    return toPayment(parsed.data);
  }

  async charge(request: ChargeRequest): Promise<ProviderPayment> {
    const data = await this.call('POST', '/v1/payments', {
      idempotencyKey: request.attemptKey,
      body: {
        method: request.method,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        ...(request.card ? { card: request.card.token } : {}),
        returnUrl: request.returnUrl,
        locale: request.locale,
      },
    });
    return this.payment(data);
  }

  async retrieve(paymentId: string): Promise<ProviderPayment> {
    return this.payment(await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async findByAttemptKey(attemptKey: string): Promise<ProviderPayment | null> {
    try {
      return this.payment(
        await this.call('GET', `/v1/payments?attemptKey=${encodeURIComponent(attemptKey)}`),
      );
    } catch (error) {
      if (
        error instanceof PaymentProviderRequestError &&
        error.status === 404 &&
        error.code === 'payment_not_found'
      ) {
        return null;
      }
      throw error;
    }
  }

  async refund(paymentId: string, attemptKey: string, amount?: number): Promise<ProviderPayment> {
    const data = await this.call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
      idempotencyKey: attemptKey,
      body: amount === undefined ? {} : { amount },
    });
    return this.payment(data);
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): WebhookEvent {
    try {
      verifyWebhookSignature(
        this.options.webhookSecret,
        rawBody,
        signatureHeader,
        now,
        this.options.webhookToleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof SignatureVerificationError) {
        throw new WebhookVerificationError(`${error.reason}: ${error.message}`);
      }
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookVerificationError('malformed_body: the webhook body is not JSON');
    }
    const parsed = EventSchema.safeParse(data);
    if (!parsed.success) {
      throw new WebhookVerificationError('malformed_body: the webhook body is not a payment event');
    }
    return { ...parsed.data, payment: toPayment(parsed.data.payment) };
  }

  cardTokenization(): { url: string; publishableKey: string } {
    return {
      url: `${this.options.publicUrl.replace(/\/+$/, '')}/v1/tokens`,
      publishableKey: this.options.publishableKey,
    };
  }
}
