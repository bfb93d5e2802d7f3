/**
 * Limits booking look-ups that find nothing, per client (reference notes AUTHZ-2, D7: a PNR is
 * not a secret, so guessing must be slow): past `max` misses in `windowMs`, every booking read of
 * that client answers 429 with Retry-After until the window ends. Hits are not counted, so a
 * traveller reloading their own booking is never slowed down. Counters live in this process's
 * memory (as the route rate limits do) and at most `capacity` clients are tracked.
 */
export class LookupGuard {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #capacity: number;
  readonly #now: () => number;
  readonly #misses = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { max: number; windowMs: number; capacity?: number; now?: () => number }) {
    this.#max = options.max;
    this.#windowMs = options.windowMs;
    this.#capacity = options.capacity ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  /** Seconds until the client may look up again, or 0 when it may now. */
  retryAfter(client: string): number {
    if (this.#max <= 0) return 0;
    const entry = this.#misses.get(client);
    if (entry === undefined) return 0;
    const now = this.#now();
    if (entry.resetAt <= now) {
      this.#misses.delete(client);
      return 0;
    }
    return entry.count >= this.#max ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }

  /** Counts one look-up that found nothing. */
  miss(client: string): void {
    if (this.#max <= 0) return;
    const now = this.#now();
    const entry = this.#misses.get(client);
    if (entry !== undefined && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    if (this.#misses.size >= this.#capacity) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.#misses.keys().next().value;
      if (oldest !== undefined) this.#misses.delete(oldest);
    }
    this.#misses.delete(client);
    this.#misses.set(client, { count: 1, resetAt: now + this.#windowMs });
  }
}
