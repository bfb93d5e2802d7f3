import { createHash } from 'node:crypto';
import { addDays } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import {
  createTestDatabase,
  dialectUnderTest,
  TEST_TODAY,
} from '../../../test/helpers/database.ts';
import type { Database } from '../database.ts';
import { openDatabase, type DatabaseHandle } from '../dialect.ts';
import { readFaresState } from '../fares-state.ts';
import { readInventoryState } from '../inventory-roll.ts';
import { migrateToLatest } from '../migrate.ts';
import { loadAirports } from './airports.ts';
import { buildNetwork } from './network.ts';
import { createRandom } from './random.ts';
import { DEFAULT_SEED, SEEDED_TABLES, seedDatabase, type SeededTable } from './seed.ts';

/** Tables with an integer `id`, read page by page in id order. */
const BY_ID = new Set<SeededTable>([
  'routes',
  'flights',
  'flight_segments',
  'fare_classes',
  'menus',
  'menu_items',
  'affiliates',
]);

/**
 * A digest of every seeded table's rows. Small tables are sorted in code (collations differ
 * between databases); large ones are read in id order. Both dialects return the same JSON for the
 * same data: integers and reals as numbers, text as strings.
 */
async function digests(db: Kysely<Database>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of SEEDED_TABLES) {
    const hash = createHash('sha256');
    if (BY_ID.has(table)) {
      let after = 0;
      for (;;) {
        const rows = await (db as unknown as Kysely<Record<string, { id: number }>>)
          .selectFrom(table)
          .selectAll()
          .where('id', '>', after)
          .orderBy('id')
          .limit(50_000)
          .execute();
        for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
        const last = rows[rows.length - 1];
        if (!last) break;
        after = last.id;
      }
    } else {
      const rows = (await db.selectFrom(table).selectAll().execute()).map((row) =>
        JSON.stringify(row),
      );
      for (const row of rows.sort()) hash.update(`${row}\n`);
    }
    result[table] = hash.digest('hex');
  }
  return result;
}

/**
 * A database seeded fresh on SQLite for TEST_TODAY with the default seed, apart from the one
 * under test: on SQLite a copy of the suite's own seeded base, on PostgreSQL one seeded here.
 */
async function freshOnSqlite(): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (dialectUnderTest() === 'sqlite') {
    const copy = await createTestDatabase();
    return { db: copy.db, close: () => copy.dispose() };
  }
  const fresh: DatabaseHandle = openDatabase(':memory:');
  try {
    await migrateToLatest(fresh.db);
    const summary = await seedDatabase(fresh.db, { today: TEST_TODAY });
    expect(summary.seed).toBe(DEFAULT_SEED);
    expect(summary.counts.routes).toBeGreaterThanOrEqual(300);
    return fresh;
  } catch (error) {
    await fresh.close();
    throw error;
  }
}

// Each seeding test's time-out (600 s) only guards against a hang: a whole seed of the year's
// inventory with its rows read back takes 20–70 s on a quiet machine and over 200 s on PostgreSQL
// beside the other CI suites. Re-seeding a later day is in reseed.later-day.test.ts, so that it
// runs beside these.
describe(`seeding (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('forgets the sales and fare versions of a database seeded with another seed', async () => {
    const { db } = database;
    // The database under test was seeded with another seed, which numbers its routes otherwise:
    // a partner's sale and a fare version kept from it would mean other routes now.
    await db
      .updateTable('inventory_state')
      .set({ seed: DEFAULT_SEED + 1 })
      .execute();
    const route = await db
      .selectFrom('flights')
      .select('route_id')
      .orderBy('route_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('fare_sales')
      .values({
        route_id: route.route_id,
        from_date: TEST_TODAY,
        until_date: addDays(TEST_TODAY, 20),
        percent: 30,
        partner: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('fare_versions')
      .values({ route_id: route.route_id, date: TEST_TODAY, version: 3 })
      .onConflict((conflict) => conflict.columns(['route_id', 'date']).doUpdateSet({ version: 3 }))
      .execute();

    await seedDatabase(db, { today: TEST_TODAY });

    expect(await db.selectFrom('fare_sales').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('fare_versions').selectAll().execute()).toEqual([]);
    expect((await readInventoryState(db))?.seed).toBe(DEFAULT_SEED);
    // No sale left: every fare is priced as of the seed's day.
    expect(await readFaresState(db)).toEqual({
      repricedOn: TEST_TODAY,
      repricedThrough: addDays(TEST_TODAY, 364),
    });
  }, 600_000);

  it('gives the same rows for the same seed and day, on SQLite and on the database under test, re-seeded over another seed', async () => {
    // The database under test as the test before left it (re-seeded over another seed's), or as
    // the suite seeded it if that test failed: the same rows as a database freshly seeded on
    // SQLite either way.
    const fresh = await freshOnSqlite();
    try {
      expect(await digests(fresh.db)).toEqual(await digests(database.db));
    } finally {
      await fresh.close();
    }
  }, 600_000);

  it('builds another network from another seed', async () => {
    const airports = await loadAirports();
    const pairs = (seed: number) =>
      buildNetwork(airports, createRandom(seed).derive('network'), TEST_TODAY)
        .map((route) => `${route.from}-${route.to}/${route.dow}`)
        .join(' ');
    expect(pairs(1)).toBe(pairs(1));
    expect(pairs(1)).not.toBe(pairs(2));
  });
});
