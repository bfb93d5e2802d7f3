import type { FastifyInstance } from 'fastify';
import {
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CurrenciesResponseSchema,
  RoutesResponseSchema,
  TitlesResponseSchema,
} from '@uniquair/contract/data';
import { buildApp } from '../../app.ts';
import { testConfig, buildTestApp } from '../../../test/helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { bumpDatasetVersion } from '../../db/dataset-versions.ts';

/** Records the table each query reads or writes first. */
class QueryRecorder implements KyselyPlugin {
  readonly tables: string[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    let table: string = node.kind;
    if (node.kind === 'SelectQueryNode') {
      const from = node.from?.froms[0];
      if (from !== undefined && TableNode.is(from)) table = from.table.identifier.name;
    }
    this.tables.push(table);
    return node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function countsOf(tables: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = (counts[table] ?? 0) + 1;
  return counts;
}
describe('reference data caching', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.url, {
      DATASET_VERSION_CHECK_MS: '0',
      // Background work would read through the recorded connection at any moment: the sandbox
      // gateway mounted in the app (an external one instead), the outbox worker, the hold
      // sweeper and the payment reconciler (their timers off). Only the requests read then.
      PAYMENT_GATEWAY_URL: 'http://127.0.0.1:9',
      OUTBOX_POLL_MS: '0',
      BOOKING_HOLD_SWEEP_SECONDS: '0',
      PAYMENT_RECONCILE_SECONDS: '0',
    });
    app = await buildApp({
      config,
      database: { ...database, db: database.db.withPlugin(recorder) },
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('reads each table at most once for a cold init, and only the versions when warm', async () => {
    recorder.tables.length = 0;
    const cold = await app.inject({ method: 'GET', url: '/api/data/init' });
    expect(cold.statusCode).toBe(200);
    const counts = countsOf(recorder.tables);
    expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    expect(Object.keys(counts).sort()).toEqual(
      [
        'countries',
        'currencies',
        'dataset_versions',
        'languages',
        'menu_items',
        'menus',
        'ticket_types',
        'titles',
      ].sort(),
    );

    recorder.tables.length = 0;
    const warm = await app.inject({
      method: 'GET',
      url: '/api/data/init',
      headers: { 'accept-language': 'nl' },
    });
    expect(warm.statusCode).toBe(200);
    expect(recorder.tables).toEqual(['dataset_versions']);
  });

  it('serves new rates once the reference data set is bumped', async () => {
    const before = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(before.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    await app.db.updateTable('currencies').set({ rate: 0.95 }).where('code', '=', 'EUR').execute();
    const unbumped = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(unbumped.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.92);
    await bumpDatasetVersion(app.db, 'reference');
    const after = CurrenciesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/data/currencies' })).json(),
    );
    expect(after.currencies.find((currency) => currency.code === 'EUR')?.rate).toBe(0.95);
  });

  it('follows a change of the route network in the list and in Last-Modified', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/data/routes' });
    const lastModified = String(first.headers['last-modified']);
    const before = RoutesResponseSchema.parse(first.json());
    const dropped = before.routes[0];
    expect(dropped).toBeDefined();
    await app.db
      .updateTable('routes')
      .set({ dow: 0 })
      .where('id', '=', dropped?.id ?? 0)
      .execute();
    await bumpDatasetVersion(app.db, 'routes');

    const stale = await app.inject({
      method: 'GET',
      url: '/api/data/routes',
      headers: { 'if-modified-since': lastModified },
    });
    expect(stale.statusCode).toBe(200);
    expect(Date.parse(String(stale.headers['last-modified']))).toBeGreaterThan(
      Date.parse(lastModified),
    );
    const after = RoutesResponseSchema.parse(stale.json());
    expect(after.routes.map((route) => route.id)).not.toContain(dropped?.id);
    expect(after.routes).toHaveLength(before.routes.length - 1);
  });
});

describe('with the database gone', () => {
  it('keeps serving reference data and the route network it has cached', async () => {
    const testApp = await buildTestApp({ DATASET_VERSION_CHECK_MS: '0' });
    try {
      const { app } = testApp;
      const warm = await app.inject({ method: 'GET', url: '/api/data/init' });
      const routes = await app.inject({ method: 'GET', url: '/api/data/routes' });
      await app.database.close();
      const init = await app.inject({ method: 'GET', url: '/api/data/init' });
      expect(init.statusCode).toBe(200);
      expect(init.body).toBe(warm.body);
      const again = await app.inject({ method: 'GET', url: '/api/data/routes' });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(routes.headers.etag);
      const danish = await app.inject({ method: 'GET', url: '/api/data/da/titles' });
      expect(TitlesResponseSchema.parse(danish.json())[0]).toEqual({ id: 1, name: 'Hr.' });
    } finally {
      await testApp.close();
    }
  });
});
