import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../db/dialect.ts';
import { escapeLogText } from '../lib/log-text.ts';
import { listLatestErrorReports } from '../modules/errors/errors.repository.ts';
import { runCommand, UsageError, type CommandOutput } from './run-command.ts';

export const ERROR_REPORTS_USAGE = `Usage: npm run errors:list -- [--limit N] [--since 24h|7d|2026-11-20T00:00:00Z] [--component NAME] [--json]

Lists the latest error reports the app sent (POST /api/error/save), newest first: 20 by default.
Texts are printed with control characters escaped; --json prints one JSON object per line.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

const MAX_LIMIT = 1000;
const DURATION = /^(\d+)([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `--since`: an instant, or a duration back from now (`90m`, `24h`, `7d`). */
export function parseSince(value: string, now: Date = new Date()): string {
  const duration = DURATION.exec(value);
  if (duration) {
    const unit = duration[2] as keyof typeof UNIT_MS;
    return new Date(now.getTime() - Number(duration[1]) * UNIT_MS[unit]).toISOString();
  }
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) {
    throw new UsageError(`--since must be a duration (24h, 7d) or a date, got "${value}".`);
  }
  return new Date(instant).toISOString();
}

/** Each line of a stored text, escaped for the terminal and indented. */
function block(label: string, text: string): string[] {
  if (text === '') return [];
  return [
    `    ${label}:`,
    ...text
      .split(/\r?\n/)
      .slice(0, 40)
      .map((line) => `      ${escapeLogText(line, 300)}`),
  ];
}

/** `errors:list`: prints the latest reports; answers the exit code. */
export async function errorReportsCommand(
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
      component: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0)
    throw new UsageError(`Unexpected argument "${positionals.join(' ')}".`);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  const reports = await listLatestErrorReports(database.db, {
    limit,
    since: values.since === undefined ? undefined : parseSince(values.since),
    component: values.component,
  });
  if (values.json) {
    for (const report of reports) output.out(JSON.stringify(report));
    return 0;
  }
  if (reports.length === 0) {
    output.out('No error reports.');
    return 0;
  }
  for (const report of reports) {
    output.out(
      `#${report.id}  ${report.created_at}  ${escapeLogText(report.component, 200)}  ` +
        `v${escapeLogText(report.version, 50) || '?'}  request ${escapeLogText(report.request_id, 64)}`,
    );
    if (report.url !== '') output.out(`    url: ${escapeLogText(report.url, 500)}`);
    if (report.user_agent !== '') output.out(`    agent: ${escapeLogText(report.user_agent, 200)}`);
    for (const line of [...block('trace', report.trace), ...block('info', report.info)]) {
      output.out(line);
    }
  }
  output.out(`${reports.length} report(s), newest first.`);
  return 0;
}

await runCommand(import.meta.url, ERROR_REPORTS_USAGE, errorReportsCommand);
