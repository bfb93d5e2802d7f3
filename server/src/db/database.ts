import type {
  MailAttachmentsTable,
  MailOutboxTable,
  SavedPassengersTable,
  SessionsTable,
  UserAvatarsTable,
  UserTokensTable,
  UserRolesTable,
  UsersTable,
} from './tables/accounts.ts';
import type {
  BookingFeedbackTable,
  BookingSharesTable,
  BookingTicketResendsTable,
} from './tables/booking-manage.ts';
import type {
  BookingCancellationsTable,
  BookingDeviceTokensTable,
  BookingExtrasTable,
  BookingFlightsTable,
  BookingLinkTokensTable,
  BookingPassengersTable,
  BookingRefundEventsTable,
  BookingsTable,
  InvoiceCountersTable,
  SeatHoldsTable,
  TicketsTable,
} from './tables/bookings.ts';
import type { PriceWatchesTable } from './tables/price-watches.ts';
import type { FareSalesTable, FaresStateTable, FareVersionsTable } from './tables/fares.ts';
import type {
  AffiliatesTable,
  DatasetVersionsTable,
  ErrorReportsTable,
  MenuItemsTable,
  MenusTable,
  PagesTable,
} from './tables/content.ts';
import type {
  ArchivedFareClassesTable,
  ArchivedFlightSegmentsTable,
  ArchivedFlightsTable,
  FareClassesTable,
  FlightSegmentsTable,
  FlightsTable,
  InventoryStateTable,
  RouteDayPricesTable,
  RouteMembersTable,
  RoutePathsTable,
  RoutesTable,
  SearchResultsTable,
} from './tables/inventory.ts';
import type {
  GatewayCardTokensTable,
  GatewayEventsTable,
  GatewayIdempotencyKeysTable,
  GatewayPaymentsTable,
  IdempotencyKeysTable,
  OutboxTable,
  PaymentsTable,
  ProcessedEventsTable,
  ServerInstancesTable,
} from './tables/payments.ts';
import type {
  PushAppReleasesTable,
  PushSubscriptionBookingsTable,
  PushSubscriptionsTable,
  PushVapidKeysTable,
} from './tables/push.ts';
import type {
  SupportAttachmentsTable,
  SupportMessagesTable,
  SupportTicketsTable,
  SupportVisitorSessionsTable,
  SupportVisitorTokensTable,
} from './tables/support.ts';
import type {
  BookingChangesTable,
  BookingScheduleChangesTable,
} from './tables/schedule-changes.ts';
import type {
  AirportsTable,
  CarriersTable,
  CountriesTable,
  CountryNamesTable,
  CurrenciesTable,
  LanguagesTable,
  TicketTypesTable,
  TitlesTable,
} from './tables/reference.ts';

/**
 * The tables of the database as Kysely sees them. Column names are snake_case, as in SQL; the row
 * types live in `tables/`, one file per area, and how values are stored (instants, dates, flags,
 * money) is in `columns.ts` (docs/database.md).
 */
export interface Database {
  currencies: CurrenciesTable;
  countries: CountriesTable;
  country_names: CountryNamesTable;
  languages: LanguagesTable;
  titles: TitlesTable;
  ticket_types: TicketTypesTable;
  airports: AirportsTable;
  carriers: CarriersTable;
  routes: RoutesTable;
  route_paths: RoutePathsTable;
  route_members: RouteMembersTable;
  flights: FlightsTable;
  flight_segments: FlightSegmentsTable;
  fare_classes: FareClassesTable;
  inventory_state: InventoryStateTable;
  archived_flights: ArchivedFlightsTable;
  archived_flight_segments: ArchivedFlightSegmentsTable;
  archived_fare_classes: ArchivedFareClassesTable;
  price_watches: PriceWatchesTable;
  fare_sales: FareSalesTable;
  fare_versions: FareVersionsTable;
  fares_state: FaresStateTable;
  pages: PagesTable;
  menus: MenusTable;
  menu_items: MenuItemsTable;
  affiliates: AffiliatesTable;
  dataset_versions: DatasetVersionsTable;
  search_results: SearchResultsTable;
  route_day_prices: RouteDayPricesTable;
  error_reports: ErrorReportsTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  user_avatars: UserAvatarsTable;
  saved_passengers: SavedPassengersTable;
  mail_outbox: MailOutboxTable;
  bookings: BookingsTable;
  booking_passengers: BookingPassengersTable;
  booking_flights: BookingFlightsTable;
  booking_extras: BookingExtrasTable;
  seat_holds: SeatHoldsTable;
  booking_device_tokens: BookingDeviceTokensTable;
  booking_link_tokens: BookingLinkTokensTable;
  tickets: TicketsTable;
  payments: PaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  processed_events: ProcessedEventsTable;
  server_instances: ServerInstancesTable;
  outbox: OutboxTable;
  gateway_card_tokens: GatewayCardTokensTable;
  gateway_payments: GatewayPaymentsTable;
  gateway_idempotency_keys: GatewayIdempotencyKeysTable;
  gateway_events: GatewayEventsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_subscription_bookings: PushSubscriptionBookingsTable;
  push_vapid_keys: PushVapidKeysTable;
  push_app_releases: PushAppReleasesTable;
  booking_shares: BookingSharesTable;
  booking_ticket_resends: BookingTicketResendsTable;
  booking_feedback: BookingFeedbackTable;
  booking_cancellations: BookingCancellationsTable;
  booking_refund_events: BookingRefundEventsTable;
  booking_schedule_changes: BookingScheduleChangesTable;
  booking_changes: BookingChangesTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
  support_visitor_tokens: SupportVisitorTokensTable;
  support_visitor_sessions: SupportVisitorSessionsTable;
  user_roles: UserRolesTable;
  invoice_counters: InvoiceCountersTable;
  mail_attachments: MailAttachmentsTable;
}
