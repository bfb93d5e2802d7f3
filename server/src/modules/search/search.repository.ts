import { Repository } from '../../db/repository.ts';
import {
  joinRouteEnds,
  ROUTE_ENDS_COLUMNS,
  ROUTE_SCHEDULE_COLUMNS,
  type RouteEndsRow,
} from '../../db/route-ends.ts';
import type { SearchResultsTable } from '../../db/tables/inventory.ts';

/** A route with what validating and describing a search needs about its airports. */
export interface SearchRouteRow extends RouteEndsRow {
  id: number;
  dow: number;
  available_from: string;
  available_until: string | null;
  rating: number;
}

export interface SearchAirportRow {
  code: string;
  name: string;
  city: string;
  country_code: string;
  time_zone: string;
}

export type SearchResultRow = SearchResultsTable;

export interface FinishedSearch {
  status: 'done' | 'error';
  result: string | null;
  error: string | null;
  finishedAt: string;
  expiresAt: string;
}

/** The search module's SQL: routes and airports of a search, and the stored jobs and results. */
export class SearchRepository extends Repository {
  async routes(ids: readonly number[]): Promise<SearchRouteRow[]> {
    if (ids.length === 0) return [];
    return joinRouteEnds(this.db)
      .select(['routes.id', ...ROUTE_ENDS_COLUMNS, ...ROUTE_SCHEDULE_COLUMNS, 'routes.rating'])
      .where('routes.id', 'in', [...new Set(ids)])
      .execute();
  }

  async airports(codes: readonly string[]): Promise<SearchAirportRow[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('airports')
      .select(['code', 'name', 'city', 'country_code', 'time_zone'])
      .where('code', 'in', [...new Set(codes)])
      .orderBy('code')
      .execute();
  }

  async find(hash: string): Promise<SearchResultRow | undefined> {
    return this.db
      .selectFrom('search_results')
      .selectAll()
      .where('hash', '=', hash)
      .executeTakeFirst();
  }

  /**
   * Takes the job of a search for this process: inserts it, or restarts a stored one that
   * failed, expired, or whose run was abandoned (started before `staleBefore`). Answers false
   * when the search is running elsewhere or done and fresh, in one statement, so two processes
   * never both run it.
   */
  async claim(hash: string, params: string, now: string, staleBefore: string): Promise<boolean> {
    const claimed = await this.db
      .insertInto('search_results')
      .values({
        hash,
        params,
        status: 'progress',
        progress: 0,
        result: null,
        error: null,
        created_at: now,
        started_at: now,
        updated_at: now,
        finished_at: null,
        expires_at: null,
      })
      .onConflict((conflict) =>
        conflict
          .column('hash')
          .doUpdateSet({
            params,
            status: 'progress',
            progress: 0,
            result: null,
            error: null,
            started_at: now,
            updated_at: now,
            finished_at: null,
            expires_at: null,
          })
          .where((eb) =>
            eb.or([
              eb('search_results.status', '=', 'error'),
              eb.and([
                eb('search_results.status', '=', 'done'),
                eb('search_results.expires_at', '<=', now),
              ]),
              eb.and([
                eb('search_results.status', '=', 'progress'),
                eb('search_results.started_at', '<', staleBefore),
              ]),
            ]),
          ),
      )
      .returning('hash')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Records the progress of a running search (for readers in other processes). */
  async progress(hash: string, startedAt: string, progress: number, now: string): Promise<void> {
    await this.db
      .updateTable('search_results')
      .set({ progress, updated_at: now })
      .where('hash', '=', hash)
      .where('status', '=', 'progress')
      .where('started_at', '=', startedAt)
      .execute();
  }

  /** Stores the outcome of the run that started at `startedAt` (a later run is left alone). */
  async finish(hash: string, startedAt: string, outcome: FinishedSearch): Promise<void> {
    await this.db
      .updateTable('search_results')
      .set({
        status: outcome.status,
        progress: 100,
        result: outcome.result,
        error: outcome.error,
        updated_at: outcome.finishedAt,
        finished_at: outcome.finishedAt,
        expires_at: outcome.expiresAt,
      })
      .where('hash', '=', hash)
      .where('started_at', '=', startedAt)
      .execute();
  }

  /** Deletes searches that expired before `before`, and runs abandoned before it. */
  async purge(before: string): Promise<number> {
    const deleted = await this.db
      .deleteFrom('search_results')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', before),
          eb.and([eb('status', '=', 'progress'), eb('started_at', '<', before)]),
        ]),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
