import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OutboxBacklog } from '../../lib/app-metrics.ts';
import { escapeLogText } from '../../lib/log-text.ts';
import {
  claimNextOutboxEntry,
  insertOutboxEntries,
  insertOutboxEntry,
  markOutboxFailed,
  markOutboxProcessed,
  pendingOutboxByTopic,
} from './outbox.repository.ts';

/**
 * Topics written today. `booking.paid` and `booking.confirmed` issue tickets;
 * `mail.booking-confirmation` writes the confirmation e-mail (to the booker, or to `to` when the
 * traveller had it sent again to another address); `payment.refund` refunds a payment
 * that cannot be kept; `push.booking-status` and `push.payment-trustly-paid` are for web push and
 * wait (pending) until a handler is registered for them.
 */
export type OutboxTopic =
  | 'booking.paid'
  | 'booking.confirmed'
  | 'mail.booking-confirmation'
  | 'payment.refund'
  | 'push.booking-status'
  | 'push.payment-trustly-paid'
  | 'push.support-reply'
  | (string & {});

/**
 * Writes a side effect to do after commit. Call it with the transaction that makes the change
 * the side effect announces: the entry exists exactly when the change does.
 */
export async function enqueue(
  db: Kysely<Database>,
  topic: OutboxTopic,
  payload: unknown,
  now: Date = new Date(),
): Promise<number> {
  return insertOutboxEntry(db, { topic, payload: JSON.stringify(payload), now: now.toISOString() });
}

/** Writes several side effects at once (in the caller's transaction, like `enqueue`). */
export async function enqueueMany(
  db: Kysely<Database>,
  entries: readonly { topic: OutboxTopic; payload: unknown }[],
  now: Date = new Date(),
): Promise<void> {
  await insertOutboxEntries(
    db,
    entries.map((entry) => ({ topic: entry.topic, payload: JSON.stringify(entry.payload) })),
    now.toISOString(),
  );
}

export interface OutboxContext {
  /** The database, or the transaction the entry is marked done in (transactional handlers). */
  db: Kysely<Database>;
  entry: { id: number; topic: string; attempts: number; createdAt: string };
  log: FastifyBaseLogger;
  now: () => Date;
  /** What the topic's `prepare` answered (outside the transaction), else undefined. */
  prepared?: unknown;
  /** Runs `action` once the entry is done (after the commit, for transactional handlers). */
  afterCommit(action: () => void): void;
}

/** Does one entry's work. Must be idempotent: after a crash an entry can run again. */
export type OutboxHandler = (payload: unknown, context: OutboxContext) => Promise<void>;

export interface OutboxHandlerOptions {
  /**
   * Run the handler in a transaction that also marks the entry done, so its database writes and
   * the entry's completion commit together (exactly once). Only for handlers that do no slow
   * outside calls, and that query only through `context.db`: the transaction is open while the
   * handler runs, and on SQLite it holds the one connection, so a query through anything else
   * (another module's service, the app's own `db`) would wait for it forever (the database's
   * transaction guard fails it at once, `db/transaction-guard.ts`).
   */
  transactional?: boolean;
  /**
   * Work of a transactional handler run first, outside its transaction, with the database: slow
   * work (drawing PDFs) and reads through other services (exchange rates); its answer is the
   * handler's `context.prepared`. It must write nothing.
   */
  prepare?: (payload: unknown, db: Kysely<Database>) => Promise<unknown>;
}

export interface OutboxDispatcherOptions {
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often the worker looks for due entries; 0 runs only on `kick()`/`drain()`. */
  pollIntervalMs: number;
  /** How long a claimed entry is held by its worker before another one may take it over. */
  leaseMs?: number;
}

const BATCH = 20;
const DEFAULT_LEASE_MS = 60_000;
/** Back-off after a failure: 5 s, 10 s, 20 s … capped at one hour. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 3_600_000;

class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

/**
 * The outbox of side effects (DESIGN §6; reference §5): entries are written in the transaction of
 * the change they follow and done afterwards by handlers registered per topic. Each entry is
 * claimed by one conditional update of `locked_until`, so several workers (processes) never run
 * it at once; a failure releases it with `last_error` for a retry with back-off; a worker that
 * stops mid-way leaves the lease to run out and the entry is taken again. Entries of a topic
 * without a handler stay pending until one is registered.
 */
export class OutboxDispatcher {
  readonly #db: Kysely<Database>;
  readonly #options: OutboxDispatcherOptions;
  readonly #handlers = new Map<
    string,
    { handler: OutboxHandler; transactional: boolean; prepare?: OutboxHandlerOptions['prepare'] }
  >();
  #running: Promise<number> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(db: Kysely<Database>, options: OutboxDispatcherOptions) {
    this.#db = db;
    this.#options = options;
  }

  register(topic: OutboxTopic, handler: OutboxHandler, options: OutboxHandlerOptions = {}): void {
    if (this.#handlers.has(topic)) throw new Error(`The outbox topic ${topic} has a handler`);
    this.#handlers.set(topic, {
      handler,
      transactional: options.transactional ?? false,
      ...(options.prepare ? { prepare: options.prepare } : {}),
    });
  }

  /** Whether a handler is registered for the topic. */
  handles(topic: string): boolean {
    return this.#handlers.has(topic);
  }

  /**
   * The entries not done yet per topic (the metrics): every topic with a handler, none waiting
   * or not, and any other topic with entries waiting.
   */
  async backlog(): Promise<OutboxBacklog[]> {
    const pending = new Map(
      (await pendingOutboxByTopic(this.#db)).map((row) => [row.topic, row] as const),
    );
    const topics = [...new Set([...this.#handlers.keys(), ...pending.keys()])].sort();
    return topics.map((topic) => {
      const row = pending.get(topic);
      return { topic, pending: row?.pending ?? 0, oldestCreatedAt: row?.oldest ?? null };
    });
  }

  /** Starts working off due entries without waiting (call after a commit that enqueued some). */
  kick(): void {
    if (this.#closed) return;
    if (this.#running !== null) {
      this.#again = true;
      return;
    }
    const run = this.#loop().finally(() => {
      if (this.#running === run) this.#running = null;
    });
    this.#running = run;
  }

  /** Works off every due entry, including those their handlers enqueue; answers how many ran. */
  async drain(): Promise<number> {
    while (this.#running !== null) await this.#running.catch(() => 0);
    let done = 0;
    for (;;) {
      const ran = await this.#workDue();
      done += ran;
      if (ran === 0) return done;
    }
  }

  start(): void {
    if (this.#options.pollIntervalMs <= 0 || this.#timer !== null || this.#closed) return;
    this.#timer = setInterval(() => this.kick(), this.#options.pollIntervalMs);
    this.#timer.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#running !== null) await this.#running.catch(() => 0);
  }

  async #loop(): Promise<number> {
    let done = 0;
    do {
      this.#again = false;
      try {
        let ran: number;
        do {
          ran = await this.#workDue();
          done += ran;
        } while (ran > 0 && !this.#closed);
      } catch (error) {
        this.#options.log.warn({ err: error }, 'could not read the outbox');
      }
    } while (this.#again && !this.#closed);
    return done;
  }

  /** One batch: claims and runs due entries; answers how many it ran (successfully or not). */
  async #workDue(): Promise<number> {
    let ran = 0;
    while (ran < BATCH && !this.#closed) {
      if (!(await this.#runNext())) break;
      ran += 1;
    }
    return ran;
  }

  /** Claims the next due entry and runs it; false when none was due. */
  async #runNext(): Promise<boolean> {
    const now = this.#options.now();
    const lease = new Date(now.getTime() + (this.#options.leaseMs ?? DEFAULT_LEASE_MS));
    const entry = await claimNextOutboxEntry(
      this.#db,
      [...this.#handlers.keys()],
      now.toISOString(),
      lease.toISOString(),
    );
    if (entry === undefined) return false;
    const id = Number(entry.id);
    const registered = this.#handlers.get(entry.topic);
    if (registered === undefined) return false;
    const leaseText = lease.toISOString();
    const attempts = Number(entry.attempts);
    const afterCommit: (() => void)[] = [];
    let prepared: unknown;
    const context = (db: Kysely<Database>): OutboxContext => ({
      db,
      prepared,
      entry: { id, topic: entry.topic, attempts, createdAt: entry.created_at },
      log: this.#options.log,
      now: this.#options.now,
      afterCommit: (action) => afterCommit.push(action),
    });
    try {
      const payload: unknown = JSON.parse(entry.payload);
      if (registered.prepare) prepared = await registered.prepare(payload, this.#db);
      if (registered.transactional) {
        await this.#db.transaction().execute(async (trx) => {
          await registered.handler(payload, context(trx));
          const marked = await markOutboxProcessed(
            trx,
            id,
            leaseText,
            this.#options.now().toISOString(),
          );
          if (!marked) throw new LeaseLostError(`outbox entry ${id} was taken over`);
        });
      } else {
        await registered.handler(payload, context(this.#db));
        await markOutboxProcessed(this.#db, id, leaseText, this.#options.now().toISOString());
      }
      for (const action of afterCommit) action();
    } catch (error) {
      if (error instanceof LeaseLostError) return true;
      const reason = escapeLogText(error instanceof Error ? error.message : String(error), 500);
      const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
      const retryAt = new Date(this.#options.now().getTime() + delay).toISOString();
      await markOutboxFailed(this.#db, id, leaseText, reason, retryAt);
      this.#options.log.warn(
        { outboxId: id, topic: entry.topic, attempts, retryAt, reason },
        'an outbox entry failed; it will be retried',
      );
    }
    return true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox of side effects and its worker. */
    outbox: OutboxDispatcher;
  }
}

/**
 * Registers the handler of an outbox topic on an app (e.g. `push.booking-status` by the push
 * module). One handler per topic; it must be idempotent.
 */
export function registerOutboxHandler(
  app: FastifyInstance,
  topic: OutboxTopic,
  handler: OutboxHandler,
  options: OutboxHandlerOptions = {},
): void {
  app.outbox.register(topic, handler, options);
}

/** Works off every due outbox entry of the app now (tests; a command-line drain). */
export async function drainOutbox(app: FastifyInstance): Promise<number> {
  return app.outbox.drain();
}
