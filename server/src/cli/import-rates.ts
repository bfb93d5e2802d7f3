import { readFileSync } from 'node:fs';
import type { DatabaseHandle } from '../db/dialect.ts';
import {
  formatOfFileName,
  importRates,
  parseRateFile,
  RateImportError,
  type RateFileFormat,
} from '../modules/data/data.exchange-rates.ts';
import { parseCommandLine, UsageError } from './command-line.ts';
import { resolveFromInvocation, runCommand, type CommandOutput } from './run-command.ts';

export const IMPORT_RATES_USAGE = `Usage: npm run rates:import -- <file.json|file.csv> [--format json|csv] [--dry-run] [--force]

Sets exchange rates (units per US dollar) from a file, in one transaction, and bumps the
reference data version so every server serves them. Formats (docs/operations.md):
  JSON  {"EUR": 0.92, "GBP": 0.79}  or  {"base": "USD", "rates": {...}}  or  [{"code": "EUR", "rate": 0.92}]
  CSV   a header row "code,rate", then one currency per row
--dry-run shows the changes without writing; --force accepts rates that move more than ×2.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

/** `rates:import`: reads, checks and applies a rates file; answers the exit code. */
export async function importRatesCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
): Promise<number> {
  const { positionals, values } = parseCommandLine(args, {
    format: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('Give exactly one rates file.');
  const file = positionals[0] ?? '';
  const format = (values.format ?? formatOfFileName(file)) as RateFileFormat | undefined;
  if (format !== 'json' && format !== 'csv') {
    throw new UsageError('Name a .json or .csv file, or pass --format json|csv.');
  }
  let text: string;
  try {
    text = readFileSync(resolveFromInvocation(file), 'utf8');
  } catch (error) {
    output.err(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  try {
    const updates = parseRateFile(text, format);
    const dryRun = values['dry-run'];
    const result = await importRates(database.db, updates, { dryRun, force: values.force });
    output.out(dryRun ? 'Dry run: nothing written.' : `Imported ${result.changes.length} rate(s).`);
    for (const change of result.changes) {
      const percent = ((change.after / change.before - 1) * 100).toFixed(2);
      output.out(
        `  ${change.code}  ${String(change.before).padStart(12)} → ${String(change.after).padEnd(12)} (${percent.startsWith('-') ? '' : '+'}${percent} %)`,
      );
    }
    if (result.untouched.length > 0) output.out(`Unchanged: ${result.untouched.join(', ')}.`);
    if (result.version !== undefined) output.out(`Reference data version: ${result.version}.`);
    return 0;
  } catch (error) {
    if (error instanceof RateImportError) {
      output.err(`Nothing imported. ${error.message}`);
      return 1;
    }
    throw error;
  }
}

await runCommand(import.meta.url, IMPORT_RATES_USAGE, importRatesCommand);
