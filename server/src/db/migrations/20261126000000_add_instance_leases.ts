import type { Kysely } from 'kysely';
import { dropTables, required } from '../schema-helpers.ts';

/**
 * Which server process holds what (docs/payments-flow.md "Crash points"): every process registers
 * itself (`server_instances`: host, pid, start and a heartbeat), and the idempotency key a request
 * is working on and the payment attempt it opened name that process. A process that stopped — its
 * heartbeat old, or, on the same host, its pid gone or taken by a newer process — is known gone:
 * its keys are taken over at once and its open attempts settled with the provider at once, rather
 * than after their lease or staleness period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('host', 'text', (column) => column.notNull())
    .addColumn('pid', 'integer', (column) => column.notNull())
    .$call(required('text', 'started_at', 'heartbeat_at'))
    .execute();
  await db.schema.alterTable('idempotency_keys').addColumn('owner_instance', 'text').execute();
  await db.schema.alterTable('payments').addColumn('owner_instance', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('owner_instance').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('owner_instance').execute();
  await dropTables(db, 'server_instances');
}
