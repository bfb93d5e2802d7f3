import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture } from '../../test/helpers/command-output.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';
import { UserRoles } from '../modules/users/users.roles.ts';
import { UsageError } from './command-line.ts';
import { usersRoleCommand } from './users-role.ts';

describe('users:role', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date().toISOString();
    await database.db
      .insertInto('users')
      .values({
        email: 'agent@example.com',
        password_hash: 'x',
        first_name: 'Ada',
        last_name: 'Agent',
        title_id: null,
        notifications: 0,
        avatar_id: null,
        email_confirmed_at: now,
        pending_email: null,
        locale: 'en',
        currency: null,
        passengers_updated_at: now,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  afterAll(() => database.close());

  it('grants and revokes a role of an existing account', async () => {
    const roles = new UserRoles(database.db, () => new Date());
    const id = Number(
      (
        await database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'agent@example.com')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const output = capture();
    expect(await usersRoleCommand(['Agent@Example.com', 'support_agent'], database, output)).toBe(
      0,
    );
    expect(await roles.has(id, 'support_agent')).toBe(true);
    // Granting twice keeps one role.
    expect(await usersRoleCommand(['agent@example.com', 'support_agent'], database, output)).toBe(
      0,
    );
    expect(await roles.of(id)).toEqual(['support_agent']);
    expect(
      await usersRoleCommand(['agent@example.com', 'support_agent', '--revoke'], database, output),
    ).toBe(0);
    expect(await roles.has(id, 'support_agent')).toBe(false);
    expect(output.lines).toContain('agent@example.com no longer has the role support_agent.');
  });

  it('refuses an unknown address, an unknown role and a bad command line', async () => {
    const output = capture();
    expect(await usersRoleCommand(['nobody@example.com', 'support_agent'], database, output)).toBe(
      1,
    );
    expect(output.lines).toEqual(['No account has the address nobody@example.com.']);
    await expect(
      usersRoleCommand(['agent@example.com', 'admin'], database, output),
    ).rejects.toThrow(UsageError);
    await expect(usersRoleCommand(['agent@example.com'], database, output)).rejects.toThrow(
      UsageError,
    );
    await expect(
      usersRoleCommand(['agent@example.com', 'support_agent', '--remove'], database, output),
    ).rejects.toThrow(UsageError);
  });
});
