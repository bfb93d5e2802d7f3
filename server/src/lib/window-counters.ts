import type { Redis } from 'ioredis';

/** Events of one key in a fixed window that began with the first of them. */
export interface WindowCount {
  /** Events counted in the window. */
  readonly current: number;
  /** Milliseconds until the window ends (0: no window is open). */
  readonly ttl: number;
}

/**
 * Counters of events per key in fixed windows (rate limits, the booking look-up misses). Kept in
 * Redis they are one count for every server process; in memory, one per process.
 */
export interface WindowCounters {
  /** Counts one event of `key`; a window of `windowMs` opens with the first. */
  incr(key: string, windowMs: number): Promise<WindowCount>;
  /** The count of `key` without counting. */
  read(key: string): Promise<WindowCount>;
}

/** This process's counters: at most `capacity` keys, the oldest window dropped first. */
export class MemoryWindowCounters implements WindowCounters {
  readonly #capacity: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(options: { capacity?: number; now?: () => number } = {}) {
    this.#capacity = options.capacity ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  incr(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.#now();
    const open = this.#windows.get(key);
    if (open !== undefined && open.endsAt > now) {
      open.count += 1;
      return Promise.resolve({ current: open.count, ttl: open.endsAt - now });
    }
    this.#windows.delete(key);
    if (this.#windows.size >= this.#capacity) {
      // Map keeps insertion order: the first key's window opened longest ago.
      const oldest = this.#windows.keys().next().value;
      if (oldest !== undefined) this.#windows.delete(oldest);
    }
    this.#windows.set(key, { count: 1, endsAt: now + windowMs });
    return Promise.resolve({ current: 1, ttl: windowMs });
  }

  read(key: string): Promise<WindowCount> {
    const now = this.#now();
    const open = this.#windows.get(key);
    if (open === undefined || open.endsAt <= now) return Promise.resolve({ current: 0, ttl: 0 });
    return Promise.resolve({ current: open.count, ttl: open.endsAt - now });
  }
}

/** One atomic step: count, open the window on the first event (or if it lost its expiry). */
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

/**
 * Counters in Redis under `prefix`, each step one Lua script (atomic: concurrent processes never
 * lose a count). Meant for a connection without an offline queue, so a step fails at once while
 * Redis is away instead of waiting for it; callers decide whether to let the request through.
 */
export class RedisWindowCounters implements WindowCounters {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async incr(key: string, windowMs: number): Promise<WindowCount> {
    return countOf(await this.#redis.eval(INCR, 1, this.#prefix + key, Math.max(1, windowMs)));
  }

  async read(key: string): Promise<WindowCount> {
    return countOf(await this.#redis.eval(READ, 1, this.#prefix + key));
  }
}

function countOf(reply: unknown): WindowCount {
  const [current, ttl] = reply as [number, number];
  return { current: Number(current), ttl: Math.max(0, Number(ttl)) };
}
