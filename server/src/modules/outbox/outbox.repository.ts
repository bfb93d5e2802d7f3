import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { databaseKindOf } from '../../db/dialect.ts';
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

/** Several entries in one statement per chunk (a batch of notifications). */
export async function insertOutboxEntries(
  db: Kysely<Database>,
  entries: readonly { topic: string; payload: string }[],
  now: string,
): Promise<void> {
  for (let i = 0; i < entries.length; i += 200) {
    await db
      .insertInto('outbox')
      .values(
        entries.slice(i, i + 200).map((entry) => ({
          topic: entry.topic,
          payload: entry.payload,
          created_at: now,
          available_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Takes the oldest entry of these topics that is due and held by no worker, for one worker until
 * `lockedUntil`, in one statement. On PostgreSQL the candidate row is locked `FOR UPDATE SKIP
 * LOCKED`, so workers of several processes polling at once each take a different entry instead of
 * racing for the same one; SQLite has one writer at a time. Answers nothing when none is due.
 */
export async function claimNextOutboxEntry(
  db: Kysely<Database>,
  topics: readonly string[],
  now: string,
  lockedUntil: string,
): Promise<OutboxRow | undefined> {
  if (topics.length === 0) return undefined;
  let next = db
    .selectFrom('outbox')
    .select('id')
    .where('processed_at', 'is', null)
    .where('available_at', '<=', now)
    .where('topic', 'in', [...topics])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('id')
    .limit(1);
  if (databaseKindOf(db) === 'postgres') next = next.forUpdate().skipLocked();
  return (
    db
      .updateTable('outbox')
      .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', next)
      // Checked again on the row itself: an entry taken between the look and the update is left.
      .where('processed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returningAll()
      .executeTakeFirst()
  );
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

/** Per topic, the entries not processed yet and when the oldest of them was written. */
export async function pendingOutboxByTopic(
  db: Kysely<Database>,
): Promise<{ topic: string; pending: number; oldest: string }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'topic',
      eb.fn.countAll<number | string>().as('pending'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('processed_at', 'is', null)
    .groupBy('topic')
    .execute();
  return rows.map((row) => ({
    topic: row.topic,
    pending: Number(row.pending),
    oldest: row.oldest,
  }));
}

export async function outboxEntriesOfTopic(
  db: Kysely<Database>,
  topic: string,
): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('topic', '=', topic).orderBy('id').execute();
}
