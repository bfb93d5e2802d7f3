import type { Kysely } from 'kysely';
import { dropTables, ownedBy } from '../schema-helpers.ts';

/**
 * The support team's desk (docs/support.md "The desk"): roles granted to accounts
 * (`support_agent`, by `npm run users:role`), and per ticket since when the traveller has been
 * waiting for the team (`waiting_since`: set by the traveller's ticket or reply when nobody was
 * waiting yet, cleared by the team's reply and by closing), which orders the desk's queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('granted_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema.alterTable('support_tickets').addColumn('waiting_since', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_tickets').dropColumn('waiting_since').execute();
  await dropTables(db, 'user_roles');
}
