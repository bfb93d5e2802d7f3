import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { appliedMigrations, MIGRATIONS } from '../../db/migrate.ts';
import type { OutageLog } from '../../lib/outage-log.ts';
import { pingDatabase } from './health.repository.ts';

/** What readiness asks of the Redis connection: its state and a round trip. */
export interface RedisProbe {
  readonly status: string;
  ping(): Promise<string>;
}

export interface ReadinessOptions {
  db: Kysely<Database>;
  /** The Redis connection when `REDIS_URL` is set; null when the process runs alone. */
  redis: RedisProbe | null;
  /** Where a database failure goes (logged once per outage), and its end. */
  databaseOutage: Pick<OutageLog, 'failure' | 'recovered'>;
  /** How long Redis may take to answer its ping. */
  redisTimeoutMs?: number;
}

/** The parts readiness checks; a failed one names itself in the 503 answer. */
export type ReadinessPart = 'database' | 'migrations' | 'redis';

export type Readiness =
  | { ready: true; latencyMs: number; applied: number; redis: 'ready' | 'off' }
  | { ready: false; failed: Partial<Record<ReadinessPart, string>> };

const REDIS_TIMEOUT_MS = 1_000;

/** The Redis part: connected and answering in time, or why not; null when there is no Redis. */
async function redisTrouble(
  options: ReadinessOptions,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const { redis } = options;
  if (redis === null) return null;
  if (redis.status !== 'ready') return 'Redis is not connected.';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error('no answer in time')),
          options.redisTimeoutMs ?? REDIS_TIMEOUT_MS,
        );
      }),
    ]);
    return null;
  } catch (error) {
    log.debug({ err: error }, 'readiness: Redis did not answer its ping');
    return 'Redis does not answer.';
  } finally {
    clearTimeout(timer);
  }
}

/** Why the migrations this version knows are not all applied, or null when they are. */
async function migrationsTrouble(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<string | null> {
  let applied: Set<string>;
  try {
    applied = new Set(await appliedMigrations(db));
  } catch (error) {
    log.warn({ err: error }, 'not ready: the applied migrations cannot be read');
    return 'The applied migrations cannot be read.';
  }
  const pending = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
  if (pending.length === 0) return null;
  log.warn({ pending }, 'not ready: migrations not applied (npm run db:migrate)');
  return `${pending.length} migration(s) not applied.`;
}

/**
 * Whether this process can take traffic (`GET /api/health/ready`): the database answers, every
 * migration of this version is applied, and Redis, when configured, is connected and answers.
 * Liveness (`GET /api/health`) asks only whether the process and its database answer.
 *
 * One check per app: once every migration is applied it stays so for the life of the process,
 * so later checks no longer read them.
 */
export function readinessCheck(
  options: ReadinessOptions,
): (log: FastifyBaseLogger) => Promise<Readiness> {
  let migrated = false;

  /** The database part: its round trip, then the migrations this version knows, all applied. */
  const databaseState = async (
    log: FastifyBaseLogger,
  ): Promise<{ latencyMs: number; applied: number } | Partial<Record<ReadinessPart, string>>> => {
    const started = performance.now();
    try {
      await pingDatabase(options.db);
    } catch (error) {
      options.databaseOutage.failure('readiness', error);
      return { database: 'The database is unreachable.' };
    }
    options.databaseOutage.recovered('readiness');
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    if (!migrated) {
      const trouble = await migrationsTrouble(options.db, log);
      if (trouble !== null) return { migrations: trouble };
      migrated = true;
    }
    return { latencyMs, applied: Object.keys(MIGRATIONS).length };
  };

  return async (log) => {
    const [database, redis] = await Promise.all([databaseState(log), redisTrouble(options, log)]);
    if ('latencyMs' in database && redis === null) {
      return { ready: true, ...database, redis: options.redis === null ? 'off' : 'ready' };
    }
    const failed: Partial<Record<ReadinessPart, string>> = 'latencyMs' in database ? {} : database;
    if (redis !== null) failed.redis = redis;
    return { ready: false, failed };
  };
}
