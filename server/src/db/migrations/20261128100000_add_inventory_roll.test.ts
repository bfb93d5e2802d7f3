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
import { readInventoryState, rollInventory } from '../inventory-roll.ts';
import { migrateToLatest } from '../migrate.ts';
import { DEFAULT_SEED } from '../seed/seed.ts';
import * as archivedBefore from './20261128100100_add_inventory_archived_before.ts';
import * as allInDayPrices from './20261129090000_add_all_in_day_prices.ts';
import * as movingFares from './20261129110000_add_moving_fares.ts';
import { down, up } from './20261128100000_add_inventory_roll.ts';

async function count(db: Kysely<Database>, table: 'flights' | 'archived_flights') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`the rolling inventory's tables and columns (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('go down with the archived flights put back, and up taking a seeded database as it is', async () => {
    const db = database.db;
    const rolled = await rollInventory(db, { today: addDays(TEST_TODAY, 9) });
    expect(rolled.archived?.flights).toBeGreaterThan(500);
    const everyFlight = (await count(db, 'flights')) + (await count(db, 'archived_flights'));

    await movingFares.down(db as Kysely<unknown>);
    await allInDayPrices.down(db as Kysely<unknown>);
    await archivedBefore.down(db as Kysely<unknown>);
    await down(db as Kysely<unknown>);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('archived_flights');
    expect(tables).not.toContain('inventory_state');
    expect(await count(db, 'flights')).toBe(everyFlight);

    await up(db as Kysely<unknown>);
    await archivedBefore.up(db as Kysely<unknown>);
    await allInDayPrices.up(db as Kysely<unknown>);
    await movingFares.up(db as Kysely<unknown>);
    // Taken as seeded with the default seed, through the last day it has flights on, every
    // flown flight to be looked at, and a price summary of the first shape.
    expect(await readInventoryState(db)).toEqual({
      seed: DEFAULT_SEED,
      last_day: rolled.lastDay,
      archived_before: null,
      price_summary_version: 1,
    });
    expect(await count(db, 'archived_flights')).toBe(0);
    const again = await rollInventory(db, { today: addDays(TEST_TODAY, 9) });
    expect(again.days).toEqual([]);
    expect(again.archived?.flights).toBe(rolled.archived?.flights);
    expect(again.priceSummaryRebuilt).toBeGreaterThan(0);
    // The roll rebuilds the whole price summary: 10–20 s on PostgreSQL under load.
  }, 300_000);

  it('leave an empty database with nothing to roll', async () => {
    const empty = await createTestDatabase({ seeded: false });
    try {
      await migrateToLatest(empty.db);
      expect(await readInventoryState(empty.db)).toBeUndefined();
      const summary = await rollInventory(empty.db, { today: TEST_TODAY });
      expect(summary).toMatchObject({ lastDay: null, days: [], flights: 0 });
    } finally {
      await empty.dispose();
    }
  });
});
