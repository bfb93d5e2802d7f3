import { addDays, ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectPricedByRule, fareRows } from '../../../test/helpers/fares.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { down, up } from './20261129110000_add_moving_fares.ts';

async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((found) => found.name === table)?.columns.map((column) => column.name) ?? [];
}

describe(`the moving fares' columns and tables (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('go down, and up giving every class of a seeded database a base its price follows today', async () => {
    const db = database.db as Kysely<unknown>;
    const { out } = await dailyRoundTrip(database.db);
    const days = [
      TEST_TODAY,
      addDays(TEST_TODAY, 10),
      addDays(TEST_TODAY, 30),
      addDays(TEST_TODAY, 200),
    ];
    const before = await fareRows(database.db, { routeId: out.id, dates: days });

    await down(db);
    expect(await columnsOf(db, 'fare_classes')).not.toContain('base_price_minor');
    expect(await columnsOf(db, 'archived_fare_classes')).not.toContain('base_price_minor');
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('fare_sales');
    expect(tables).not.toContain('fare_versions');

    // Worked back from today's prices (the migration's clock), the bases price every class as
    // it was: the first re-pricing after the migration changes nothing.
    const today = ymdFromUtcDate(new Date());
    await up(db);
    expect(await columnsOf(db, 'archived_fare_classes')).toContain('base_price_minor');
    const after = await fareRows(database.db, { routeId: out.id, dates: days });
    expect(after.map(({ base_price_minor: _, ...row }) => row)).toEqual(
      before.map(({ base_price_minor: _, ...row }) => row),
    );
    expect(after.every((row) => row.base_price_minor !== null && row.base_price_minor > 0)).toBe(
      true,
    );
    expectPricedByRule(after, today);
    const missing = await database.db
      .selectFrom('fare_classes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('base_price_minor', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(missing.n)).toBe(0);
  }, 300_000);
});
