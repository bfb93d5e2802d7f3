import type { Kysely } from 'kysely';
import { createIndex } from '../schema-helpers.ts';

/**
 * Which client address made a booking, as a keyed hash (never the address itself), so that the
 * number of unpaid bookings holding seats can be capped per client as well as per user and
 * device (reference/security-and-reliability.md INV-5, §9 "Holds").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('client_hash', 'text').execute();
  await createIndex(db, 'bookings_client_status_idx', 'bookings', ['client_hash', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_client_status_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('client_hash').execute();
}
