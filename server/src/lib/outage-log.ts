/**
 * Logs the outage of a dependency (Redis) without flooding the log: the loss once, then at most
 * one reminder per interval with how many errors came meanwhile, and the recovery once with the
 * total. A client that retries every few milliseconds reports hundreds of errors a second; the
 * operator needs to know it went down, that it is still down, and when it came back.
 */

export interface OutageLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface OutageLogOptions {
  /** What is out, in the messages ("redis"). */
  name: string;
  log: OutageLogger;
  /** At most one reminder per this many milliseconds while the outage lasts (60 000). */
  intervalMs?: number;
  now?: () => number;
}

export class OutageLog {
  readonly #name: string;
  readonly #log: OutageLogger;
  readonly #intervalMs: number;
  readonly #now: () => number;
  /** Connections (or parts) currently failing; the outage ends when none is. */
  readonly #down = new Set<string>();
  #since = 0;
  #lastReport = 0;
  /** Errors since the last line written, and in the whole outage. */
  #unreported = 0;
  #total = 0;

  constructor(options: OutageLogOptions) {
    this.#name = options.name;
    this.#log = options.log;
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Whether an outage is going on. */
  get down(): boolean {
    return this.#down.size > 0;
  }

  /** An error of connection `part`: the first of an outage is logged, the others counted. */
  failure(part: string, error: unknown): void {
    const now = this.#now();
    this.#total += 1;
    if (!this.down) {
      this.#down.add(part);
      this.#since = now;
      this.#lastReport = now;
      this.#unreported = 0;
      this.#log.warn({ err: error, connection: part }, `${this.#name} unreachable`);
      return;
    }
    this.#down.add(part);
    this.#unreported += 1;
    if (now - this.#lastReport >= this.#intervalMs) {
      this.#log.warn(
        {
          err: error,
          errors: this.#unreported,
          downForSeconds: Math.round((now - this.#since) / 1000),
        },
        `${this.#name} still unreachable`,
      );
      this.#lastReport = now;
      this.#unreported = 0;
    }
  }

  /** An error of a request that is only counted while an outage is going on; false otherwise. */
  absorbs(): boolean {
    if (!this.down) return false;
    this.#total += 1;
    this.#unreported += 1;
    return true;
  }

  /** Connection `part` works again; the last one back ends the outage (logged once). */
  recovered(part: string): void {
    if (!this.#down.delete(part) || this.down) return;
    this.#log.info(
      {
        errors: this.#total,
        downForSeconds: Math.round((this.#now() - this.#since) / 1000),
      },
      `${this.#name} reachable again`,
    );
    this.#total = 0;
    this.#unreported = 0;
  }
}
