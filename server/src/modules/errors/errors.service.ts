import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorReport } from '@uniquair/contract/error-report';
import type { Database } from '../../db/database.ts';
import { escapeLogText } from '../../lib/log-text.ts';
import { insertErrorReport } from './errors.repository.ts';

/** Reports accepted per client IP per minute (reliability notes §9). */
export const ERROR_REPORTS_PER_MINUTE = 30;

/** How much of each text goes into the log line (the database keeps it whole). */
const LOGGED_CHARACTERS = { component: 200, url: 500, version: 50, trace: 2000, info: 1000 };

/**
 * Stores an error report from the app (SPEC §7 `POST /api/error/save`) for operators and logs one
 * line about it. Every text from the client is escaped before it reaches the log (line breaks and
 * control characters become visible escapes, and long texts are cut), so a report cannot forge
 * log lines or terminal output.
 */
export async function saveErrorReport(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  report: ErrorReport,
  meta: { userAgent: string | undefined; requestId: string; now?: Date },
): Promise<number> {
  const stored = {
    component: report.component,
    trace: report.trace ?? '',
    info: report.info ?? '',
    url: report.url ?? '',
    version: report.version ?? '',
  };
  const id = await insertErrorReport(db, {
    ...stored,
    created_at: (meta.now ?? new Date()).toISOString(),
    user_agent: (meta.userAgent ?? '').slice(0, 512),
    request_id: meta.requestId,
  });
  log.warn(
    {
      errorReport: {
        id,
        component: escapeLogText(stored.component, LOGGED_CHARACTERS.component),
        url: escapeLogText(stored.url, LOGGED_CHARACTERS.url),
        version: escapeLogText(stored.version, LOGGED_CHARACTERS.version),
        trace: escapeLogText(stored.trace, LOGGED_CHARACTERS.trace),
        info: escapeLogText(stored.info, LOGGED_CHARACTERS.info),
      },
    },
    'error report from the app',
  );
  return id;
}
