import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  UserAvatarsTable,
  UserTokenPurpose,
  UserTokensTable,
  UsersTable,
} from '../../db/tables/accounts.ts';

export type UserRow = Selectable<UsersTable>;
export type UserTokenRow = Selectable<UserTokensTable>;

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user; answers its id, or undefined when the address is taken (unique e-mail). */
export async function insertUser(
  db: Kysely<Database>,
  user: Insertable<UsersTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Writes only the given columns of one user; answers the row as it is now. */
export async function updateUser(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<UsersTable>,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Sets a new address, unless another account has it meanwhile (then undefined). */
export async function changeUserEmail(
  db: Kysely<Database>,
  id: number,
  email: string,
  now: string,
): Promise<UserRow | undefined> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken !== undefined) return undefined;
  return updateUser(db, id, {
    email,
    pending_email: null,
    email_confirmed_at: now,
    updated_at: now,
  });
}

export async function insertToken(
  db: Kysely<Database>,
  token: Insertable<UserTokensTable>,
): Promise<void> {
  await db.insertInto('user_tokens').values(token).execute();
}

/** Retires a user's unused tokens of one purpose (a new link replaces the older ones). */
export async function retireTokens(
  db: Kysely<Database>,
  userId: number,
  purpose: UserTokenPurpose,
  now: string,
): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses a token: one conditional update marks it used only while it is unused and unexpired, so
 * of any number of simultaneous attempts exactly one gets the row (WSTG-BUSL-11).
 */
export async function consumeToken(
  db: Kysely<Database>,
  tokenHash: string,
  purposes: readonly UserTokenPurpose[],
  now: string,
): Promise<UserTokenRow | undefined> {
  return db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function insertAvatar(
  db: Kysely<Database>,
  avatar: Insertable<UserAvatarsTable>,
): Promise<void> {
  await db.insertInto('user_avatars').values(avatar).execute();
}

/** Deletes a user's avatars other than `keepId`. */
export async function deleteOtherAvatars(
  db: Kysely<Database>,
  userId: number,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom('user_avatars')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}

export async function findAvatar(
  db: Kysely<Database>,
  id: string,
): Promise<Pick<Selectable<UserAvatarsTable>, 'data' | 'content_type'> | undefined> {
  return db
    .selectFrom('user_avatars')
    .select(['data', 'content_type'])
    .where('id', '=', id)
    .executeTakeFirst();
}
