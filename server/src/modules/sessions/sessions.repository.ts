import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionsTable, UsersTable } from '../../db/tables/accounts.ts';

export type UserRow = Selectable<UsersTable>;

export interface SessionWithUser {
  session: Selectable<SessionsTable>;
  user: UserRow;
}

export async function insertSession(
  db: Kysely<Database>,
  session: Insertable<SessionsTable>,
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with this id hash and its user, or undefined (one query). */
export async function findSessionWithUser(
  db: Kysely<Database>,
  idHash: string,
): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id_hash as session_id_hash',
      'sessions.user_id as session_user_id',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
      'sessions.user_agent as session_user_agent',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const {
    session_id_hash,
    session_user_id,
    session_created_at,
    session_last_seen_at,
    session_expires_at,
    session_user_agent,
    ...user
  } = row;
  return {
    session: {
      id_hash: session_id_hash,
      user_id: session_user_id,
      created_at: session_created_at,
      last_seen_at: session_last_seen_at,
      expires_at: session_expires_at,
      user_agent: session_user_agent,
    },
    user,
  };
}

/** Records activity on a session. */
export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  lastSeenAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user, except the one with `exceptIdHash` when given. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  exceptIdHash?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptIdHash !== undefined) query = query.where('id_hash', '!=', exceptIdHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes sessions past their end or idle longer than allowed. */
export async function purgeSessions(
  db: Kysely<Database>,
  now: string,
  idleSince: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
