import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../db/dialect.ts';
import { escapeLogText } from '../lib/log-text.ts';
import { latestFeedback } from '../modules/booking/booking.manage-repository.ts';
import { parseSince } from './error-reports.ts';
import { runCommand, UsageError, type CommandOutput } from './run-command.ts';

export const FEEDBACK_LIST_USAGE = `Usage: npm run feedback:list -- [--limit N] [--since 24h|7d|2026-11-20T00:00:00Z] [--max-rating 1-5] [--json]

Lists the travellers' feedback on their bookings (POST /api/booking/{pnr}/feedback), most
recently written first: 20 by default. --max-rating 2 shows only ratings of 1 or 2 stars.
Comments are printed with control characters escaped; --json prints one JSON object per line.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

const MAX_LIMIT = 1000;

function wholeNumber(value: string | undefined, name: string, min: number, max: number) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** `feedback:list`: prints the latest feedback; answers the exit code. */
export async function feedbackListCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      limit: { type: 'string' },
      since: { type: 'string' },
      'max-rating': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument "${positionals.join(' ')}".`);
  const rows = await latestFeedback(database.db, {
    limit: wholeNumber(values.limit, '--limit', 1, MAX_LIMIT) ?? 20,
    since: values.since === undefined ? undefined : parseSince(values.since),
    maxRating: wholeNumber(values['max-rating'], '--max-rating', 1, 5),
  });
  if (values.json) {
    for (const row of rows) output.out(JSON.stringify(row));
    return 0;
  }
  if (rows.length === 0) {
    output.out('No feedback.');
    return 0;
  }
  for (const row of rows) {
    const stars = '★'.repeat(row.rating) + '☆'.repeat(5 - row.rating);
    output.out(`${row.updated_at}  ${row.pnr}  ${stars} ${row.rating}/5`);
    for (const line of row.comment.split(/\r?\n/).slice(0, 40)) {
      if (line.trim() !== '') output.out(`    ${escapeLogText(line, 300)}`);
    }
  }
  output.out(`${rows.length} feedback(s), most recent first.`);
  return 0;
}

await runCommand(import.meta.url, FEEDBACK_LIST_USAGE, feedbackListCommand);
