import { signWebhook, SIGNATURE_HEADER } from '../payments/payments.webhook-signature.ts';
import type { GatewayEventRow, SandboxGatewayRepository } from './sandbox-gateway.repository.ts';
import type { SandboxGatewayService } from './sandbox-gateway.service.ts';

/**
 * Webhook delivery of the sandbox gateway: a background loop posts every pending event to the
 * merchant's webhook URL, signed (`Uniquair-Signature`, reference C5), and retries with
 * exponential backoff on a network error or a non-2xx answer, a bounded number of times. The
 * same loop confirms bank payments whose settlement time has come. Deliveries may repeat (a
 * receiver that answered too slowly gets the event again); receivers dedupe on the event id.
 */

export interface WebhookDeliveryOptions {
  /** Where events go; null while unknown (e.g. the server is not listening yet): they wait. */
  url: () => string | null;
  secret: string;
  /** Signature timestamps (the receiver checks them against its clock). */
  now: () => Date;
  /** How often the loop looks for due events and settlements. */
  pollIntervalMs: number;
  /** Attempts per event before giving up. */
  maxAttempts: number;
  /** Wait before the second attempt; doubles each time up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /** Time limit of one delivery. */
  timeoutMs: number;
  /** Fault injection: deliver every event twice. */
  duplicate: () => boolean;
  log: { warn: (object: object, message: string) => void };
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private again = false;
  /** Aborts the deliveries in flight when the loop stops, so shutting down never waits on them. */
  private aborter = new AbortController();

  constructor(
    private readonly repository: SandboxGatewayRepository,
    private readonly service: SandboxGatewayService,
    private readonly options: WebhookDeliveryOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.aborter = new AbortController();
    this.schedule(this.options.pollIntervalMs);
  }

  /** Stops the loop and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.aborter.abort();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a round soon (an event was just written). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'webhook round failed'))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.options.pollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One round: settle due bank payments, then deliver every due event. */
  async round(): Promise<void> {
    await this.service.settleDue();
    const url = this.options.url();
    if (url === null) return;
    for (;;) {
      const due = await this.repository.dueEvents(new Date().toISOString(), 20);
      let delivered = 0;
      for (const event of due) {
        if (this.stopped) return;
        const lease = new Date(Date.now() + this.options.timeoutMs + 5000).toISOString();
        if (!(await this.repository.claimEvent(event, lease))) continue;
        await this.deliver({ ...event, attempts: event.attempts + 1 }, url, lease);
        delivered += 1;
      }
      if (due.length < 20 || delivered === 0) return;
    }
  }

  private async deliver(event: GatewayEventRow, url: string, lease: string): Promise<void> {
    const copies = this.options.duplicate() ? 2 : 1;
    let failure: string | null = null;
    for (let copy = 0; copy < copies; copy += 1) {
      failure = await this.post(event.body, url);
      if (failure !== null) break;
    }
    if (failure === null) {
      await this.repository.recordDelivery(event.id, lease, {
        delivered_at: new Date().toISOString(),
        next_attempt_at: null,
        last_error: null,
      });
      return;
    }
    const giveUp = event.attempts >= this.options.maxAttempts;
    const delay = Math.min(
      this.options.retryDelayMs * 2 ** (event.attempts - 1),
      this.options.maxRetryDelayMs,
    );
    if (giveUp) {
      this.options.log.warn(
        { event: event.id, attempts: event.attempts, reason: failure },
        'webhook not delivered; giving up',
      );
    }
    await this.repository.recordDelivery(event.id, lease, {
      delivered_at: null,
      next_attempt_at: giveUp ? null : new Date(Date.now() + delay).toISOString(),
      last_error: failure.slice(0, 500),
    });
  }

  /** Posts one signed copy; null on a 2xx, else why not. */
  private async post(body: string, url: string): Promise<string | null> {
    const timestamp = Math.floor(this.options.now().getTime() / 1000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(this.options.secret, body, timestamp),
          'user-agent': 'Uniquair-Sandbox-Gateway/1',
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.aborter.signal]),
        redirect: 'manual',
      });
      await response.body?.cancel();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }
}
