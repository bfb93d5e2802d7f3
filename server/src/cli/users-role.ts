import type { DatabaseHandle } from '../db/dialect.ts';
import { isUserRole, USER_ROLES, UserRoles } from '../modules/users/users.roles.ts';
import { parseCommandLine, UsageError } from './command-line.ts';
import { runCommand, type CommandOutput } from './run-command.ts';

export const USERS_ROLE_USAGE = `Usage: npm run users:role -- <email> <role>
       npm run users:role -- <email> <role> --revoke

Grants a role to the account of an address, or takes it back. Roles: ${USER_ROLES.join(', ')}
(support_agent opens the support desk, /support/desk). The account must exist.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

/** `users:role`: grants or revokes one role of one account; answers the exit code. */
export async function usersRoleCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { positionals, values } = parseCommandLine(args, {
    revoke: { type: 'boolean', default: false },
  });
  const [email, role, ...rest] = positionals;
  if (email === undefined || role === undefined || rest.length > 0) {
    throw new UsageError('Give an e-mail address and a role.');
  }
  if (!isUserRole(role)) {
    throw new UsageError(`Unknown role "${role}"; the roles are: ${USER_ROLES.join(', ')}.`);
  }
  const roles = new UserRoles(database.db, now);
  const done = values.revoke ? await roles.revoke(email, role) : await roles.grant(email, role);
  if (!done) {
    output.err(`No account has the address ${email}.`);
    return 1;
  }
  output.out(
    values.revoke
      ? `${email} no longer has the role ${role}.`
      : `${email} now has the role ${role}.`,
  );
  return 0;
}

await runCommand(import.meta.url, USERS_ROLE_USAGE, usersRoleCommand);
