import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/tables/accounts.ts';

export type MailRow = Selectable<MailOutboxTable>;

export async function insertMail(
  db: Kysely<Database>,
  mail: Insertable<MailOutboxTable>,
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values(mail)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Ids of pending e-mails that are due, oldest first. */
export async function dueMailIds(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes a pending e-mail for sending, in one conditional update so that only one process (or
 * one call) sends it; answers the row, or undefined when someone else took it first.
 */
export async function claimMail(
  db: Kysely<Database>,
  id: number,
  now: string,
): Promise<MailRow | undefined> {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A file attached to an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Stores the files an e-mail carries, in order, with the e-mail (the caller's transaction). */
export async function insertMailAttachments(
  db: Kysely<Database>,
  mailId: number,
  attachments: readonly MailAttachment[],
): Promise<void> {
  if (attachments.length === 0) return;
  await db
    .insertInto('mail_attachments')
    .values(
      attachments.map((attachment, position) => ({
        mail_id: mailId,
        position,
        filename: attachment.filename,
        content_type: attachment.contentType,
        content: attachment.content,
      })),
    )
    .execute();
}

/** The files an e-mail carries, in order. */
export async function mailAttachments(
  db: Kysely<Database>,
  mailId: number,
): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    content: Buffer.from(row.content),
  }));
}

/** Sent: the bodies, which may hold link tokens, and the attachments are not kept. */
export async function markMailSent(db: Kysely<Database>, id: number, now: string): Promise<void> {
  await db.deleteFrom('mail_attachments').where('mail_id', '=', id).execute();
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now, text_body: '', html_body: '', last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: Kysely<Database>,
  id: number,
  error: string,
  retryAt: string | null,
): Promise<void> {
  if (retryAt === null) await db.deleteFrom('mail_attachments').where('mail_id', '=', id).execute();
  await db
    .updateTable('mail_outbox')
    .set(
      retryAt === null
        ? { status: 'failed', last_error: error, text_body: '', html_body: '' }
        : { status: 'pending', last_error: error, next_attempt_at: retryAt },
    )
    .where('id', '=', id)
    .execute();
}

/** E-mails left `sending` by a process that stopped are pending again. */
export async function releaseStaleMail(db: Kysely<Database>, claimedBefore: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'pending' })
    .where('status', '=', 'sending')
    .where('claimed_at', '<=', claimedBefore)
    .execute();
}

/** The latest e-mails, newest first (the development mailbox). */
export async function latestMail(db: Kysely<Database>, limit: number): Promise<MailRow[]> {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
