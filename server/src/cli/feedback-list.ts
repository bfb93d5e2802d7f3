import type { DatabaseHandle } from '../db/dialect.ts';
import { escapeLogText } from '../lib/log-text.ts';
import { latestFeedback } from '../modules/booking/booking.manage-repository.ts';
import { parseListArgs, printList, wholeNumber } from './list-command.ts';
import { runCommand, type CommandOutput } from './run-command.ts';

export const FEEDBACK_LIST_USAGE = `Usage: npm run feedback:list -- [--limit N] [--since 24h|7d|2026-11-20T00:00:00Z] [--max-rating 1-5] [--json]

Lists the travellers' feedback on their bookings (POST /api/booking/{pnr}/feedback), most
recently written first: 20 by default. --max-rating 2 shows only ratings of 1 or 2 stars.
Comments are printed with control characters escaped; --json prints one JSON object per line.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

/** `feedback:list`: prints the latest feedback; answers the exit code. */
export async function feedbackListCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
): Promise<number> {
  const { json, limit, since, option } = parseListArgs(args, { 'max-rating': { type: 'string' } });
  const rows = await latestFeedback(database.db, {
    limit,
    since,
    maxRating: wholeNumber(option('max-rating'), '--max-rating', 1, 5),
  });
  return printList(
    output,
    rows,
    { json, none: 'No feedback.', total: `${rows.length} feedback(s), most recent first.` },
    (row) => {
      const stars = '★'.repeat(row.rating) + '☆'.repeat(5 - row.rating);
      output.out(`${row.updated_at}  ${row.pnr}  ${stars} ${row.rating}/5`);
      for (const line of row.comment.split(/\r?\n/).slice(0, 40)) {
        if (line.trim() !== '') output.out(`    ${escapeLogText(line, 300)}`);
      }
    },
  );
}

await runCommand(import.meta.url, FEEDBACK_LIST_USAGE, feedbackListCommand);
