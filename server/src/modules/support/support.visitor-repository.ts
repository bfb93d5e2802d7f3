import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { secretHash } from '../../lib/secret-hash.ts';

/** The SQL of visitors' tickets, their e-mailed links and visitor sessions (docs/support.md). */

/** Unverified tickets of an address opened since `since` (ISO instant). */
export async function unverifiedRequestsSince(
  db: Kysely<Database>,
  email: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('visitor_email', '=', email)
    .where('verified_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a link token's hash; the raw token only goes into the e-mail. */
export async function insertVisitorToken(
  trx: Kysely<Database>,
  token: {
    raw: string;
    ticketId: number;
    purpose: 'verify' | 'open';
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await trx
    .insertInto('support_visitor_tokens')
    .values({
      token_hash: secretHash(token.raw),
      ticket_id: token.ticketId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      created_at: token.now,
      used_at: null,
    })
    .execute();
}

/**
 * Uses a link token (a compare-and-set on `used_at`, so it works once): the visitor's ticket it
 * opens, or undefined when the token is unknown, used or expired.
 */
export async function consumeVisitorToken(
  trx: Kysely<Database>,
  raw: string,
  now: string,
): Promise<{ ticketId: number; email: string } | undefined> {
  const tokenHash = secretHash(raw);
  const used = await trx
    .updateTable('support_visitor_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return undefined;
  const row = await trx
    .selectFrom('support_visitor_tokens as k')
    .innerJoin('support_tickets as t', 't.id', 'k.ticket_id')
    .select(['t.id', 't.visitor_email'])
    .where('k.token_hash', '=', tokenHash)
    .where('t.user_id', 'is', null)
    .executeTakeFirst();
  if (row?.visitor_email == null) return undefined;
  return { ticketId: Number(row.id), email: row.visitor_email };
}

/** Marks a visitor's ticket confirmed: from now on it waits in the desk's queue. */
export async function markVerified(
  trx: Kysely<Database>,
  ticketId: number,
  now: string,
): Promise<void> {
  await trx
    .updateTable('support_tickets')
    .set({ verified_at: now, waiting_since: now, updated_at: now, last_activity_at: now })
    .where('id', '=', ticketId)
    .where('verified_at', 'is', null)
    .execute();
}

export async function insertVisitorSession(
  trx: Kysely<Database>,
  session: { raw: string; email: string; now: string; expiresAt: string },
): Promise<void> {
  await trx
    .insertInto('support_visitor_sessions')
    .values({
      token_hash: secretHash(session.raw),
      email: session.email,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The address a live visitor session stands for, or undefined. */
export async function visitorSessionEmail(
  db: Kysely<Database>,
  raw: string,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('support_visitor_sessions')
    .select('email')
    .where('token_hash', '=', secretHash(raw))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

/**
 * Gives a user the confirmed visitors' tickets written from their (confirmed) address, in one
 * UPDATE: signing up later shows them in the list.
 */
export async function claimVisitorTickets(db: Kysely<Database>, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_confirmed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user === undefined || user.email_confirmed_at === null) return;
  await db
    .updateTable('support_tickets')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('visitor_email', '=', user.email.toLowerCase())
    .where('verified_at', 'is not', null)
    .execute();
}
