import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { enforceContract } from './contract.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app and drops this test file's database copy. */
  close(): Promise<void>;
}

/**
 * Application options a test may set besides the environment: the clock, search settings, the
 * payment gateway's client or sandbox timings and faults.
 */
export type TestAppOptions = Pick<BuildAppOptions, 'clock' | 'search' | 'paymentGateway' | 'push'>;

/**
 * The configuration of a test app over the database at `databaseUrl`, validated as in production:
 * test mode, no built web app, `env` over it.
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
}

/**
 * Builds the real application over this test file's own copy of the seeded database (SQLite, or
 * PostgreSQL when TEST_DATABASE_URL is set). Environment overrides go through the same validation
 * as in production. Every answer `app.inject` receives is checked against the served OpenAPI
 * document (`contract.ts`): an undocumented status or a body that does not match fails the test.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, env);
  const app = await buildApp({
    ...options,
    config,
    database,
    logger: false,
    instrument: enforceContract,
  });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await whileReportingSlowness(app, database, async () => {
        await app.close();
        await database.dispose();
      });
    },
  };
}

/** How long closing a test app may take before it says what it is waiting for. */
const SLOW_CLOSE_MS = 15_000;

/**
 * Runs `close`; if it is still going after {@link SLOW_CLOSE_MS}, prints what could hold it up
 * (open HTTP connections, the database's sessions) so that a hook time-out names its cause.
 */
async function whileReportingSlowness(
  app: FastifyInstance,
  database: TestDatabase,
  close: () => Promise<void>,
): Promise<void> {
  const started = performance.now();
  const timer = setTimeout(() => {
    void (async () => {
      const connections = await new Promise<number>((resolve) =>
        app.server.getConnections((error, count) => resolve(error ? -1 : count)),
      );
      const activity = await database.activity().catch((error: unknown) => String(error));
      console.warn(
        `Closing the test app still runs after ${SLOW_CLOSE_MS / 1000} s ` +
          `(HTTP connections open: ${connections}); the database's sessions: ${activity}`,
      );
    })();
  }, SLOW_CLOSE_MS);
  try {
    await close();
  } finally {
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    if (seconds * 1000 >= SLOW_CLOSE_MS)
      console.warn(`Closing the test app took ${seconds.toFixed(1)} s`);
  }
}

/**
 * What `build` makes, for the tests of the calling `describe` block: built in its `beforeAll`,
 * closed in its `afterAll`. Call the answer inside tests and hooks (not while the block is
 * collected).
 */
export function useBuilt<T extends { close(): Promise<void> }>(build: () => Promise<T>): () => T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(async () => {
    await built?.close();
  });
  return () => {
    if (!built) throw new Error('It is built in beforeAll; read it inside a test');
    return built;
  };
}

/** A test app that reads its parts from `current()` each time (see {@link useBuilt}). */
export function readThrough(current: () => TestApp): TestApp {
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}

/**
 * One application for the tests of the calling `describe` block: built in its `beforeAll`, closed
 * in its `afterAll`. Read `app` and `config` inside tests and hooks (not while the block is
 * collected).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions = {},
): TestApp {
  return readThrough(
    useBuilt(() => buildTestApp(typeof env === 'function' ? env() : env, options)),
  );
}

/**
 * One {@link createTestDatabase} for the tests of the calling `describe` block: created in its
 * `beforeAll`, disposed of in its `afterAll`. Read `db` and `url` inside tests and hooks.
 */
export function useTestDatabase(
  options: { seeded?: boolean } = {},
): Pick<TestDatabase, 'db' | 'url'> {
  const current = useBuilt(async () => {
    const database = await createTestDatabase(options);
    return { database, close: () => database.dispose() };
  });
  return {
    get db() {
      return current().database.db;
    },
    get url() {
      return current().database.url;
    },
  };
}

/**
 * Like `useTestApp`, serving a built web app made of `files` (path below the build folder →
 * content) from a temporary folder (`dist`), removed after the tests.
 */
export function useTestAppServing(
  files: Record<string, string>,
  env: Record<string, string> = {},
): TestApp & { readonly dist: string } {
  let dist = '';
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'uniquair-dist-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });
  const testApp = useTestApp(() => ({ ...env, WEB_DIST_DIR: dist }));
  return Object.defineProperty(testApp, 'dist', { get: () => dist }) as TestApp & {
    readonly dist: string;
  };
}
