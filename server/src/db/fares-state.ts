/**
 * Where re-pricing stands (`fares_state`, docs/decisions/009-fares-that-move.md): written by the
 * seed, whose fares are priced as of its day, and by the fares module's job after a pass.
 */
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

export interface FaresState {
  /** Every fare was re-priced for this day (UTC)… */
  repricedOn: Ymd;
  /** …through this departure day. */
  repricedThrough: Ymd;
}

/** The state, or undefined before any seed or pass. */
export async function readFaresState(db: Kysely<Database>): Promise<FaresState | undefined> {
  const row = await db
    .selectFrom('fares_state')
    .select(['repriced_on', 'repriced_through'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row && { repricedOn: row.repriced_on, repricedThrough: row.repriced_through };
}

/** Records a pass (or a seed) as of `state`. */
export async function writeFaresState(
  db: Kysely<Database>,
  state: FaresState,
  now: Date,
): Promise<void> {
  const row = {
    repriced_on: state.repricedOn,
    repriced_through: state.repricedThrough,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('fares_state')
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}
