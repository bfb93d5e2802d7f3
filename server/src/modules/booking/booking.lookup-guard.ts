import type { WindowCounters } from '../../lib/window-counters.ts';

/**
 * Limits booking look-ups that find nothing, per client (reference notes AUTHZ-2, D7: a PNR is
 * not a secret, so guessing must be slow): past `max` misses in `windowMs`, every booking read of
 * that client answers 429 with Retry-After until the window ends. Hits are not counted, so a
 * traveller reloading their own booking is never slowed down. The misses are counted in the app's
 * window counters (Redis when configured: one count across every server process). Look-ups are
 * reads: while the counters cannot answer, the limit lets them through (`report` logs why).
 */
export class LookupGuard {
  readonly #counters: WindowCounters;
  readonly #max: number;
  readonly #windowMs: number;
  readonly #report: (error: unknown) => void;

  constructor(
    counters: WindowCounters,
    options: { max: number; windowMs: number; report: (error: unknown) => void },
  ) {
    this.#counters = counters;
    this.#max = options.max;
    this.#windowMs = options.windowMs;
    this.#report = options.report;
  }

  /** Seconds until the client may look up again, or 0 when it may now. */
  async retryAfter(client: string): Promise<number> {
    if (this.#max <= 0) return 0;
    try {
      const { current, ttl } = await this.#counters.read(keyOf(client));
      return current >= this.#max ? Math.max(1, Math.ceil(ttl / 1000)) : 0;
    } catch (error) {
      this.#report(error);
      return 0;
    }
  }

  /** Counts one look-up that found nothing. */
  async miss(client: string): Promise<void> {
    if (this.#max <= 0) return;
    try {
      await this.#counters.incr(keyOf(client), this.#windowMs);
    } catch (error) {
      this.#report(error);
    }
  }
}

function keyOf(client: string): string {
  return `booking-lookup-misses:${client}`;
}
