import type { DatabaseHandle } from '../db/dialect.ts';
import { escapeLogText } from '../lib/log-text.ts';
import { listLatestErrorReports } from '../modules/errors/errors.repository.ts';
import { parseListArgs, printList } from './list-command.ts';
import { runCommand, type CommandOutput } from './run-command.ts';

export const ERROR_REPORTS_USAGE = `Usage: npm run errors:list -- [--limit N] [--since 24h|7d|2026-11-20T00:00:00Z] [--component NAME] [--json]

Lists the latest error reports the app sent (POST /api/error/save), newest first: 20 by default.
Texts are printed with control characters escaped; --json prints one JSON object per line.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

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
  const { json, limit, since, option } = parseListArgs(args, { component: { type: 'string' } });
  const reports = await listLatestErrorReports(database.db, {
    limit,
    since,
    component: option('component'),
  });
  return printList(
    output,
    reports,
    {
      json,
      none: 'No error reports.',
      total: `${reports.length} report(s), newest first.`,
    },
    (report) => {
      output.out(
        `#${report.id}  ${report.created_at}  ${escapeLogText(report.component, 200)}  ` +
          `v${escapeLogText(report.version, 50) || '?'}  request ${escapeLogText(report.request_id, 64)}`,
      );
      if (report.url !== '') output.out(`    url: ${escapeLogText(report.url, 500)}`);
      if (report.user_agent !== '')
        output.out(`    agent: ${escapeLogText(report.user_agent, 200)}`);
      for (const line of [...block('trace', report.trace), ...block('info', report.info)]) {
        output.out(line);
      }
    },
  );
}

await runCommand(import.meta.url, ERROR_REPORTS_USAGE, errorReportsCommand);
