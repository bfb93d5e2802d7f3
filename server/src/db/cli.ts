import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseYmd, ymdFromUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import { openDatabase, redactDatabaseUrl, type DatabaseHandle } from './dialect.ts';
import { appliedMigrations, migrateDownAll, migrateToLatest } from './migrate.ts';
import { DEFAULT_SEED, seedDatabase, type SeedSummary } from './seed/seed.ts';

/**
 * Database commands, run with tsx (`npm run db:migrate|db:seed|db:reset`):
 *
 *   migrate                                   apply pending migrations
 *   seed [--today YYYY-MM-DD] [--seed N]      migrate, then (re)write the demo data
 *   reset [--today YYYY-MM-DD] [--seed N]     drop everything, migrate, seed
 *
 * The database is `DATABASE_URL`, by default the SQLite file data/uniquair.sqlite.
 */
const USAGE =
  'Usage: cli.ts <migrate | seed | reset> [--today YYYY-MM-DD] [--seed N]\n' +
  'The database comes from DATABASE_URL (default: sqlite:<repository>/data/uniquair.sqlite).';

const DEFAULT_DATABASE_URL = `sqlite:${fileURLToPath(new URL('../../../data/uniquair.sqlite', import.meta.url))}`;

type Command = 'migrate' | 'seed' | 'reset';

interface Invocation {
  command: Command;
  today: Ymd;
  seed: number;
}

/** Reads the command line; throws a usage error for anything it does not understand. */
export function parseCommandLine(args: readonly string[], now = new Date()): Invocation {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { today: { type: 'string' }, seed: { type: 'string' } },
  });
  const [command, ...extra] = positionals;
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra.join(' ')}".`);
  const today = values.today === undefined ? ymdFromUtcDate(now) : parseYmd(values.today);
  if (today === null)
    throw new UsageError(`--today must be a date YYYY-MM-DD, got "${values.today}".`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new UsageError(`--seed must be a non-negative integer, got "${values.seed}".`);
  }
  return { command, today, seed };
}

class UsageError extends Error {}

async function run(invocation: Invocation, database: DatabaseHandle): Promise<void> {
  const { db } = database;
  if (invocation.command === 'reset') {
    await migrateDownAll(db);
    console.log('Dropped every table.');
  }
  const before = new Set(await appliedMigrations(db));
  await migrateToLatest(db);
  const applied = (await appliedMigrations(db)).filter((name) => !before.has(name));
  console.log(
    applied.length === 0
      ? 'Schema is up to date.'
      : `Applied ${applied.length} migration(s): ${applied.join(', ')}.`,
  );
  if (invocation.command === 'migrate') return;
  const summary = await seedDatabase(db, { today: invocation.today, seed: invocation.seed });
  console.log(describeSummary(summary));
}

function describeSummary(summary: SeedSummary): string {
  const counts = Object.entries(summary.counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  const megabytes = (summary.databaseBytes / 1_048_576).toFixed(0);
  return (
    `Seeded for ${summary.today} (seed ${summary.seed}) in ${(summary.durationMs / 1000).toFixed(1)} s, ` +
    `database ${megabytes} MB: ${counts}.`
  );
}

/** A readable reason, naming the usual suspects of an unreachable server. */
function describeError(error: unknown, url: string): string {
  if (!(error instanceof Error)) return String(error);
  const parts = [error.message];
  if (error instanceof AggregateError) parts.push(...error.errors.map((e: Error) => e.message));
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN'].includes(code)
  ) {
    parts.push(`is the database server at ${redactDatabaseUrl(url)} running and reachable?`);
  }
  if (error.cause instanceof Error && !parts.includes(error.cause.message)) {
    parts.push(error.cause.message);
  }
  return parts.filter((part) => part !== '').join(' — ');
}

async function main(): Promise<number> {
  let invocation: Invocation;
  try {
    invocation = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  let database: DatabaseHandle;
  try {
    database = openDatabase(url);
  } catch (error) {
    console.error(`Cannot open the database: ${describeError(error, url)}`);
    return 1;
  }
  console.log(`Database: ${redactDatabaseUrl(url)} (${database.kind})`);
  try {
    await run(invocation, database);
    return 0;
  } catch (error) {
    console.error(`db ${invocation.command} failed: ${describeError(error, url)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
