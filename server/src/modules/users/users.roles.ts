import type { Kysely } from 'kysely';
import { USER_ROLES, type UserRole } from '@uniquair/contract/users';
import type { Database } from '../../db/database.ts';

export { USER_ROLES, type UserRole };

export function isUserRole(value: string): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value);
}

/**
 * Roles of accounts: `support_agent` opens the support desk. Granted and revoked by operators
 * (`npm run users:role`), asked by the routes that need one.
 */
export class UserRoles {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date) {
    this.#db = db;
    this.#now = now;
  }

  async has(userId: number, role: UserRole): Promise<boolean> {
    const row = await this.#db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .where('role', '=', role)
      .executeTakeFirst();
    return row !== undefined;
  }

  async of(userId: number): Promise<UserRole[]> {
    const rows = await this.#db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .orderBy('role')
      .execute();
    return rows.map((row) => row.role).filter(isUserRole);
  }

  /** Grants a role to the account of an address; false when there is no such account. */
  async grant(email: string, role: UserRole): Promise<boolean> {
    const user = await this.#userOf(email);
    if (user === undefined) return false;
    await this.#db
      .insertInto('user_roles')
      .values({ user_id: user.id, role, granted_at: this.#now().toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'role']).doNothing())
      .execute();
    return true;
  }

  /** Takes a role back; false when there is no such account. */
  async revoke(email: string, role: UserRole): Promise<boolean> {
    const user = await this.#userOf(email);
    if (user === undefined) return false;
    await this.#db
      .deleteFrom('user_roles')
      .where('user_id', '=', user.id)
      .where('role', '=', role)
      .execute();
    return true;
  }

  #userOf(email: string) {
    return this.#db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }
}
