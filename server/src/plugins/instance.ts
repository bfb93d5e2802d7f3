import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** How often a process says it is alive. */
export const INSTANCE_HEARTBEAT_MS = 5_000;

/** A process silent for this long is gone (another host, where its pid cannot be checked). */
export const INSTANCE_STALE_MS = 30_000;

/** Rows of processes gone for this long are removed. */
const INSTANCE_RETENTION_MS = 24 * 3_600_000;

/** Instances of this Node process that are running (tests build several apps in one process). */
const runningHere = new Set<string>();

/**
 * This server process among the others on the same database (`server_instances`). Work it leaves
 * half-done when it dies — an idempotency key it holds, a payment attempt it opened — names it, so
 * that another process (or this one restarted) can tell at once that the owner is gone and take
 * the work over (docs/payments-flow.md "Crash points").
 */
export interface ServerInstance {
  readonly id: string;
  /** Whether the process `id` is known to have stopped (never true for this one). */
  isGone(id: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server process and the liveness of the others. */
    instance: ServerInstance;
  }
}

/** Whether a process with this pid runs on this host. */
function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class InstanceRegistry implements ServerInstance {
  readonly id = randomUUID();
  readonly #host = hostname();
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async register(): Promise<void> {
    const now = new Date().toISOString();
    await this.#db
      .insertInto('server_instances')
      .values({
        id: this.id,
        host: this.#host,
        pid: process.pid,
        started_at: now,
        heartbeat_at: now,
      })
      .execute();
    runningHere.add(this.id);
  }

  async heartbeat(): Promise<void> {
    const now = Date.now();
    await this.#db
      .updateTable('server_instances')
      .set({ heartbeat_at: new Date(now).toISOString() })
      .where('id', '=', this.id)
      .execute();
    await this.#db
      .deleteFrom('server_instances')
      .where('heartbeat_at', '<', new Date(now - INSTANCE_RETENTION_MS).toISOString())
      .execute();
  }

  async unregister(): Promise<void> {
    runningHere.delete(this.id);
    await this.#db.deleteFrom('server_instances').where('id', '=', this.id).execute();
  }

  /**
   * Gone: never registered or unregistered (a clean stop), silent past {@link INSTANCE_STALE_MS},
   * or on this host with its pid no longer running — or running this very process, which is
   * therefore a newer one (a restarted container keeps its pid).
   */
  async isGone(id: string): Promise<boolean> {
    if (id === this.id || runningHere.has(id)) return false;
    const row = await this.#db
      .selectFrom('server_instances')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return true;
    if (Date.parse(row.heartbeat_at) < Date.now() - INSTANCE_STALE_MS) return true;
    if (row.host !== this.#host) return false;
    return row.pid === process.pid || !pidRuns(row.pid);
  }
}

/**
 * Registers this process in `server_instances` at start, beats every
 * {@link INSTANCE_HEARTBEAT_MS} (real time, whatever the app's clock), and removes itself on
 * close. A failed heartbeat (the database out) is not logged: the database's outage is.
 */
export const instancePlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new InstanceRegistry(app.db);
    await registry.register();
    app.decorate('instance', registry);
    const timer = setInterval(() => {
      registry.heartbeat().catch(() => undefined);
    }, INSTANCE_HEARTBEAT_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await registry.unregister().catch(() => undefined);
    });
  },
  { name: 'instance', dependencies: ['database'] },
);
