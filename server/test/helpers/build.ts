import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { enforceContract } from './contract.ts';
import { createTestDatabase } from './database.ts';

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
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
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
      await app.close();
      await database.dispose();
    },
  };
}
