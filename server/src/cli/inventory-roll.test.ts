import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { addDays } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture } from '../../test/helpers/command-output.ts';
import {
  createTestDatabase,
  dialectUnderTest,
  TEST_TODAY,
  type TestDatabase,
} from '../../test/helpers/database.ts';
import { INVENTORY_ROLL_USAGE, inventoryRollCommand } from './inventory-roll.ts';
import { UsageError } from './command-line.ts';

const COMMAND = fileURLToPath(new URL('./inventory-roll.ts', import.meta.url));
const run = promisify(execFile);

/** `npm run inventory:roll`: the operator's way to roll the inventory forward. */
describe(`inventory:roll (${dialectUnderTest()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('refuses a day that does not exist and arguments it does not know', async () => {
    for (const args of [['--today', '2027-02-29'], ['tomorrow']]) {
      await expect(inventoryRollCommand(args, database, capture())).rejects.toThrow(UsageError);
    }
    for (const args of [['--today'], ['--seed', '7']]) {
      await expect(inventoryRollCommand(args, database, capture())).rejects.toThrow(/--/);
      await expect(inventoryRollCommand(args, database, capture())).rejects.toThrow(UsageError);
    }
  });

  it('refuses a day after today (UTC): it would archive flights that have not flown', async () => {
    const now = () => new Date(`${TEST_TODAY}T23:30:00Z`);
    const before = await database.db
      .selectFrom('inventory_state')
      .selectAll()
      .executeTakeFirstOrThrow();
    for (const day of [addDays(TEST_TODAY, 1), addDays(TEST_TODAY, 30)]) {
      const refused = inventoryRollCommand(['--today', day], database, capture(), now);
      await expect(refused).rejects.toThrow(UsageError);
      await expect(refused).rejects.toThrow(
        `--today must not be after today (${TEST_TODAY}, UTC), got "${day}".`,
      );
    }
    // Nothing rolled, nothing archived.
    expect(
      await database.db.selectFrom('inventory_state').selectAll().executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(INVENTORY_ROLL_USAGE).toMatch(/must not be after\s+today/);
  });

  it('adds each missing day once when run twice at the same time', async () => {
    const today = addDays(TEST_TODAY, 2);
    const runs = await Promise.all(
      [1, 2].map(() =>
        run(process.execPath, ['--import', 'tsx', COMMAND, '--today', today], {
          env: { ...process.env, DATABASE_URL: database.url },
          timeout: 120_000,
        }),
      ),
    );
    const added = runs.map(({ stdout, stderr }) => {
      expect(stderr).toBe('');
      const figures = /(\d+) day\(s\) added, .*?: (\d+) flights/.exec(stdout);
      return figures
        ? { days: Number(figures[1]), flights: Number(figures[2]) }
        : { days: 0, flights: 0 };
    });
    expect((added[0]?.days ?? 0) + (added[1]?.days ?? 0)).toBe(2);
    const newDays = [addDays(TEST_TODAY, 365), addDays(TEST_TODAY, 366)];
    const flights = await database.db
      .selectFrom('flights')
      .select(['id', 'stops'])
      .where('departure_date', 'in', newDays)
      .execute();
    expect((added[0]?.flights ?? 0) + (added[1]?.flights ?? 0)).toBe(flights.length);
    const legs = await database.db
      .selectFrom('flight_segments')
      .select('flight_id')
      .where(
        'flight_id',
        'in',
        flights.map((flight) => flight.id),
      )
      .execute();
    expect(legs.length).toBe(flights.reduce((sum, flight) => sum + flight.stops + 1, 0));

    const output = capture();
    expect(await inventoryRollCommand(['--today', today], database, output)).toBe(0);
    expect(output.lines).toEqual([
      expect.stringMatching(/no day to add, on sale through 2027-11-24/),
    ]);
  }, 300_000);
});
