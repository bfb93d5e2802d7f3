import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ErrorReportsTable } from '../../db/tables/content.ts';

export type ErrorReportRow = Selectable<ErrorReportsTable>;

/** Stores one error report; answers its id. */
export async function insertErrorReport(
  db: Kysely<Database>,
  report: Insertable<ErrorReportsTable>,
): Promise<number> {
  const row = await db
    .insertInto('error_reports')
    .values(report)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The latest reports, newest first, optionally only those received since an instant. */
export async function listLatestErrorReports(
  db: Kysely<Database>,
  options: { limit: number; since?: string; component?: string },
): Promise<ErrorReportRow[]> {
  let query = db.selectFrom('error_reports').selectAll();
  if (options.since !== undefined) query = query.where('created_at', '>=', options.since);
  if (options.component !== undefined) query = query.where('component', '=', options.component);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
