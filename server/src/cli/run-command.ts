import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATABASE_URL } from '../config/paths.ts';
import { openDatabase, redactDatabaseUrl, type DatabaseHandle } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { UsageError } from './command-line.ts';

/** Where a command writes: its normal output and its errors. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export const consoleOutput: CommandOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/**
 * Runs an operator command against `DATABASE_URL` (default: the SQLite file under ./data), migrated
 * first, and sets the exit code: 0 done, 1 failed, 2 bad usage. Used as the entry point of the
 * files in this folder when they are run directly with tsx.
 */
export async function runCommand(
  moduleUrl: string,
  usage: string,
  command: (args: string[], database: DatabaseHandle, output: CommandOutput) => Promise<number>,
): Promise<void> {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  let database: DatabaseHandle;
  try {
    database = openDatabase(url);
  } catch (error) {
    console.error(
      `Cannot open the database ${redactDatabaseUrl(url)}: ${(error as Error).message}`,
    );
    process.exitCode = 1;
    return;
  }
  try {
    await migrateToLatest(database.db);
    process.exitCode = await command(process.argv.slice(2), database, consoleOutput);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

/** A path as the operator typed it: relative to where they ran `npm run`, not to server/. */
export function resolveFromInvocation(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
