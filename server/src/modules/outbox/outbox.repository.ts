import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OutboxTable } from '../../db/tables/payments.ts';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutboxEntry(
  db: Kysely<Database>,
  entry: { topic: string; payload: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      topic: entry.topic,
      payload: entry.payload,
      created_at: entry.now,
      available_at: entry.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Ids of entries of these topics that are due and held by no worker, oldest first. */
export async function dueOutboxIds(
  db: Kysely<Database>,
  topics: readonly string[],
  now: string,
  limit: number,
): Promise<number[]> {
  if (topics.length === 0) return [];
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('processed_at', 'is', null)
    .where('available_at', '<=', now)
    .where('topic', 'in', [...topics])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes an entry for one worker until `lockedUntil`, in one conditional update: of several
 * workers (processes) trying at once, exactly one gets the row back.
 */
export async function claimOutboxEntry(
  db: Kysely<Database>,
  id: number,
  now: string,
  lockedUntil: string,
): Promise<OutboxRow | undefined> {
  return db
    .updateTable('outbox')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .where('available_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks a claimed entry done. Fenced by the claim's `locked_until`: a worker whose lease ran out
 * and was taken over by another one does not mark it (answers false).
 */
export async function markOutboxProcessed(
  db: Kysely<Database>,
  id: number,
  lease: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ processed_at: now, locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .where('locked_until', '=', lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: released for a later try at `retryAt`, with the reason kept. */
export async function markOutboxFailed(
  db: Kysely<Database>,
  id: number,
  lease: string,
  error: string,
  retryAt: string,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ locked_until: null, last_error: error, available_at: retryAt })
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .where('locked_until', '=', lease)
    .execute();
}

export async function outboxEntriesOfTopic(
  db: Kysely<Database>,
  topic: string,
): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('topic', '=', topic).orderBy('id').execute();
}
