import { inspect } from 'node:util';
import {
  Migrator,
  NO_MIGRATIONS,
  type Kysely,
  type Migration,
  type MigrationResultSet,
} from 'kysely';
import type { Database } from './database.ts';
import * as createReferenceTables from './migrations/20261121120000_create_reference_tables.ts';
import * as createInventoryTables from './migrations/20261121120100_create_inventory_tables.ts';
import * as createContentTables from './migrations/20261121120200_create_content_tables.ts';
import * as createErrorReports from './migrations/20261122100000_create_error_reports.ts';
import * as addPageIds from './migrations/20261122100100_add_page_ids.ts';
import * as createSearchResults from './migrations/20261122110000_create_search_results.ts';
import * as createRouteDayPrices from './migrations/20261122110100_create_route_day_prices.ts';
import * as createAccounts from './migrations/20261122120000_create_accounts.ts';
import * as createBookings from './migrations/20261122120100_create_bookings.ts';
import * as createBookingFlow from './migrations/20261122130000_create_booking_flow.ts';
import * as createSandboxGateway from './migrations/20261122140000_create_sandbox_gateway.ts';
import * as addBookingClient from './migrations/20261122140100_add_booking_client.ts';
import * as createPushSubscriptions from './migrations/20261122150000_create_push_subscriptions.ts';
import * as addInstanceLeases from './migrations/20261126000000_add_instance_leases.ts';
import * as addInvoices from './migrations/20261126100000_add_invoices.ts';
import * as addCancellations from './migrations/20261126110000_add_cancellations.ts';
import * as addGatewayPartialRefunds from './migrations/20261126110100_add_gateway_partial_refunds.ts';
import * as addBookingSharesAndFeedback from './migrations/20261126120000_add_booking_shares_and_feedback.ts';
import * as addScheduleChanges from './migrations/20261126130000_add_schedule_changes.ts';
import * as addCreditNotes from './migrations/20261126140000_add_credit_notes.ts';
import * as fixReturnDestinations from './migrations/20261126140100_fix_return_destinations.ts';
import * as addVoluntaryChanges from './migrations/20261126150000_add_voluntary_changes.ts';
import * as createSupportTickets from './migrations/20261126160000_create_support_tickets.ts';
import * as addSupportDesk from './migrations/20261126160100_add_support_desk.ts';
import * as createSupportAttachments from './migrations/20261126170000_create_support_attachments.ts';
import * as addSupportVisitors from './migrations/20261126180000_add_support_visitors.ts';
import * as addSupportReadMarkers from './migrations/20261126190000_add_support_read_markers.ts';
import * as addRoutePaths from './migrations/20261127100000_add_route_paths.ts';
import * as addMissedConnections from './migrations/20261127110000_add_missed_connections.ts';
import * as addTicketSegments from './migrations/20261127120000_add_ticket_segments.ts';
import * as addMetroAreas from './migrations/20261127130000_add_metro_areas.ts';
import * as addInventoryRoll from './migrations/20261128100000_add_inventory_roll.ts';
import * as addInventoryArchivedBefore from './migrations/20261128100100_add_inventory_archived_before.ts';
import * as addAllInDayPrices from './migrations/20261129090000_add_all_in_day_prices.ts';
import * as addMovingFares from './migrations/20261129110000_add_moving_fares.ts';
import * as addFaresState from './migrations/20261129110100_add_fares_state.ts';
import * as createPriceWatches from './migrations/20261129130000_create_price_watches.ts';
import * as addFareVersionsDateIndex from './migrations/20261129130100_add_fare_versions_date_index.ts';

/**
 * Every migration, by name, in the order they run. Listed here rather than found by globbing the
 * folder, so the set is the same under tsx, Vitest and a bundler. A new migration is a new file in
 * `migrations/` plus one line here.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '20261121120000_create_reference_tables': createReferenceTables,
  '20261121120100_create_inventory_tables': createInventoryTables,
  '20261121120200_create_content_tables': createContentTables,
  '20261122100000_create_error_reports': createErrorReports,
  '20261122100100_add_page_ids': addPageIds,
  '20261122110000_create_search_results': createSearchResults,
  '20261122110100_create_route_day_prices': createRouteDayPrices,
  '20261122120000_create_accounts': createAccounts,
  '20261122120100_create_bookings': createBookings,
  '20261122130000_create_booking_flow': createBookingFlow,
  '20261122140000_create_sandbox_gateway': createSandboxGateway,
  '20261122140100_add_booking_client': addBookingClient,
  '20261122150000_create_push_subscriptions': createPushSubscriptions,
  '20261126000000_add_instance_leases': addInstanceLeases,
  '20261126100000_add_invoices': addInvoices,
  '20261126110000_add_cancellations': addCancellations,
  '20261126110100_add_gateway_partial_refunds': addGatewayPartialRefunds,
  '20261126120000_add_booking_shares_and_feedback': addBookingSharesAndFeedback,
  '20261126130000_add_schedule_changes': addScheduleChanges,
  '20261126140000_add_credit_notes': addCreditNotes,
  '20261126140100_fix_return_destinations': fixReturnDestinations,
  '20261126150000_add_voluntary_changes': addVoluntaryChanges,
  '20261126160000_create_support_tickets': createSupportTickets,
  '20261126160100_add_support_desk': addSupportDesk,
  '20261126170000_create_support_attachments': createSupportAttachments,
  '20261126180000_add_support_visitors': addSupportVisitors,
  '20261126190000_add_support_read_markers': addSupportReadMarkers,
  '20261127100000_add_route_paths': addRoutePaths,
  '20261127110000_add_missed_connections': addMissedConnections,
  '20261127120000_add_ticket_segments': addTicketSegments,
  '20261127130000_add_metro_areas': addMetroAreas,
  '20261128100000_add_inventory_roll': addInventoryRoll,
  '20261128100100_add_inventory_archived_before': addInventoryArchivedBefore,
  '20261129090000_add_all_in_day_prices': addAllInDayPrices,
  '20261129110000_add_moving_fares': addMovingFares,
  '20261129110100_add_fares_state': addFaresState,
  '20261129130000_create_price_watches': createPriceWatches,
  '20261129130100_add_fare_versions_date_index': addFareVersionsDateIndex,
};

export interface MigrateOptions {
  /** The migrations to run; the application's own set by default. */
  migrations?: Readonly<Record<string, Migration>>;
}

function migratorFor(db: Kysely<Database>, options: MigrateOptions): Migrator {
  const migrations = options.migrations ?? MIGRATIONS;
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
  });
}

/**
 * Applies every pending migration. Throws an Error naming the migration that failed (earlier ones
 * in the same run stay applied on SQLite; PostgreSQL rolls the whole run back).
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  options: MigrateOptions = {},
): Promise<void> {
  check(await migratorFor(db, options).migrateToLatest(), 'up');
}

/** Reverts every applied migration, newest first, leaving an empty schema. */
export async function migrateDownAll(
  db: Kysely<Database>,
  options: MigrateOptions = {},
): Promise<void> {
  check(await migratorFor(db, options).migrateTo(NO_MIGRATIONS), 'down');
}

/** Names of the applied migrations, oldest first. */
export async function appliedMigrations(
  db: Kysely<Database>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const all = await migratorFor(db, options).getMigrations();
  return all.filter((migration) => migration.executedAt !== undefined).map((m) => m.name);
}

function check({ error, results }: MigrationResultSet, direction: 'up' | 'down'): void {
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error.message : inspect(error);
  throw new Error(
    failed
      ? `Migration ${failed.migrationName} (${direction}) failed: ${reason}`
      : `Migrating ${direction} failed before any migration ran: ${reason}`,
    { cause: error },
  );
}
