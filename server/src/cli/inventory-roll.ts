import { parseYmd, ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import type { DatabaseHandle } from '../db/dialect.ts';
import { ARCHIVE_AFTER_DAYS } from '../db/inventory-archive.ts';
import { describeRoll, rollInventory } from '../db/inventory-roll.ts';
import { noPositionals, parseCommandLine, UsageError } from './command-line.ts';
import { runCommand, type CommandOutput } from './run-command.ts';

export const INVENTORY_ROLL_USAGE = `Usage: npm run inventory:roll [-- --today YYYY-MM-DD]

Rolls the flight inventory forward to today (UTC, or the day given, which must not be after
today: a later day would archive flights that have not flown): every day missing up to a year
ahead gets its flights, legs, fare classes and prices from the seed's generator, and flights that
departed more than ${ARCHIVE_AFTER_DAYS} days before are archived, except those a booking refers to.
Running it again adds nothing; a running server does the same by itself (INVENTORY_ROLL_HOURS).
The database is DATABASE_URL (default: the SQLite file under ./data).`;

/** `inventory:roll`: fills the year on sale and archives flown flights; answers the exit code. */
export async function inventoryRollCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { positionals, values } = parseCommandLine(args, { today: { type: 'string' } });
  noPositionals(positionals);
  const realToday = ymdFromUtcDate(now());
  const today = values.today === undefined ? realToday : parseYmd(values.today);
  if (today === null) {
    throw new UsageError(`--today must be a date YYYY-MM-DD, got "${values.today}".`);
  }
  // A later day would archive flights that have not flown yet (and move archived_before past them).
  if (today > realToday) {
    throw new UsageError(
      `--today must not be after today (${realToday}, UTC), got "${values.today}".`,
    );
  }
  const summary = await rollInventory(database.db, { today, now });
  if (summary.lastDay === null) {
    output.err(describeRoll(summary));
    return 1;
  }
  output.out(describeRoll(summary));
  return 0;
}

await runCommand(import.meta.url, INVENTORY_ROLL_USAGE, inventoryRollCommand);
