import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The tables of the database as Kysely sees them. Column names are snake_case, as in SQL.
 *
 * Conventions (docs/database.md): instants are ISO-8601 UTC text from `Date#toISOString()`
 * (`2026-11-23T07:05:00.000Z`), calendar dates are `YYYY-MM-DD` text, local clock times are
 * `HH:mm` text, flags are integers 0/1 ({@link Flag}), money is an integer in minor units next to
 * a currency code. Only exchange rates and coordinates are real numbers.
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
  flights: FlightsTable;
  flight_segments: FlightSegmentsTable;
  fare_classes: FareClassesTable;
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
  outbox: OutboxTable;
  gateway_card_tokens: GatewayCardTokensTable;
  gateway_payments: GatewayPaymentsTable;
  gateway_idempotency_keys: GatewayIdempotencyKeysTable;
  gateway_events: GatewayEventsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_subscription_bookings: PushSubscriptionBookingsTable;
  push_vapid_keys: PushVapidKeysTable;
  push_app_releases: PushAppReleasesTable;
}

/** A boolean stored as an integer, identical on SQLite and PostgreSQL. */
export type Flag = 0 | 1;

/** An instant as ISO-8601 UTC text, e.g. `2026-11-23T07:05:00.000Z`. */
export type IsoInstant = string;

/** A local wall-clock time `HH:mm` (00:00–23:59). */
export type LocalTime = string;

export interface CurrenciesTable {
  /** ISO 4217 code, e.g. `EUR`. */
  code: string;
  name: string;
  symbol: string;
  /** Position in the currency picker. */
  ord: number;
  /** Units of this currency per 1 USD (USD is 1). */
  rate: number;
  /** Digits after the decimal point of the minor unit: 2 for EUR, 0 for KRW and VND. */
  minor_units: number;
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2 code, e.g. `DE`. */
  code: string;
  /** International calling code without `+`, e.g. `49`. */
  phone_code: string;
}

/** A country's name in one UI locale; the `en` row is the English name (`nameEn`). */
export interface CountryNamesTable {
  country_code: string;
  locale: string;
  name: string;
}

export interface LanguagesTable {
  /** UI locale code as used in URLs and catalogues: `en`, `de_CH`, `pt_BR`. */
  code: string;
  /** The language's own name. */
  name: string;
  enabled: Flag;
  /** ISO 4217 code of the currency chosen by default with this language. */
  default_currency: string;
  ord: number;
}

/** Passenger titles: 1 Mr., 2 Mrs., 4 Infant, 5 Child. */
export interface TitlesTable {
  id: number;
  name: string;
}

/** Passenger types: 1 Adult, 2 Child, 3 Infant. */
export interface TicketTypesTable {
  id: number;
  name: string;
}

export interface AirportsTable {
  /** IATA code, e.g. `LHR`. */
  code: string;
  name: string;
  city: string;
  country_code: string;
  /** `Europe`, `Asia`, `North America`, `South America`, … */
  continent: string;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. `Europe/London`. */
  time_zone: string;
}

export interface CarriersTable {
  /** Two-character airline designator, e.g. `UQ`. */
  code: string;
  name: string;
}

export interface RoutesTable {
  id: Generated<number>;
  from_airport: string;
  to_airport: string;
  /** Day-of-week bitmask: Monday 1 … Sunday 64; 127 is daily. */
  dow: number;
  available_from: Ymd;
  /** Last day flown, or null when open-ended. */
  available_until: Ymd | null;
  /** Popularity from 1 (least) to 5 (most). */
  rating: number;
  /** Great-circle distance between the two airports. */
  distance_km: number;
}

/**
 * One bookable departure on a route and date: a direct flight or a connection through a stop.
 * Its legs are the rows of `flight_segments`; the columns here summarise the whole journey.
 */
export interface FlightsTable {
  id: Generated<number>;
  route_id: number;
  /** Local calendar date of departure at the origin airport. */
  departure_date: Ymd;
  /** Designator of the first leg, e.g. `UQ124`. */
  flight_number: string;
  carrier_code: string;
  /** Local time of departure at the origin. */
  departure_time: LocalTime;
  departure_utc: IsoInstant;
  /** Local calendar date and time of arrival at the destination. */
  arrival_date: Ymd;
  arrival_time: LocalTime;
  arrival_utc: IsoInstant;
  /** From first departure to last arrival, connection time included. */
  duration_minutes: number;
  stops: number;
  /** The stop of a one-stop journey, null for a direct flight. */
  via_airport: string | null;
  /** Seats on the aircraft (the sum of the fare classes' seats). */
  capacity: number;
}

/** A leg of a flight; a direct flight has one (position 1), a one-stop flight two. */
export interface FlightSegmentsTable {
  id: Generated<number>;
  flight_id: number;
  /** 1-based order of the leg within the flight. */
  position: number;
  from_airport: string;
  to_airport: string;
  flight_number: string;
  carrier_code: string;
  departure_date: Ymd;
  departure_time: LocalTime;
  departure_utc: IsoInstant;
  arrival_date: Ymd;
  arrival_time: LocalTime;
  arrival_utc: IsoInstant;
  duration_minutes: number;
}

export interface FareClassesTable {
  id: Generated<number>;
  flight_id: number;
  /** Booking class letter, e.g. `Q` (cheapest economy) … `Y` (full economy), `J` (business). */
  letter: string;
  /** `economy` or `business`. */
  cabin: string;
  /** Price of one adult seat in minor units of `currency`. */
  price_minor: number;
  currency: string;
  seats_total: number;
  /** Never negative and never above `seats_total` (checked by the database). */
  seats_left: number;
}

export interface PagesTable {
  /** The page's number, shared by its translations; null for a page that has none yet. */
  page_id: number | null;
  slug: string;
  locale: string;
  title: string;
  /** Markdown. */
  body: string;
  updated_at: IsoInstant;
}

/** A partner-supplied footer menu in one locale. */
export interface MenusTable {
  id: Generated<number>;
  /** Identifies the same menu across locales. */
  code: string;
  locale: string;
  title: string;
  position: number;
}

export interface MenuItemsTable {
  id: Generated<number>;
  menu_id: number;
  label: string;
  url: string;
  position: number;
}

export interface AffiliatesTable {
  id: Generated<number>;
  code: string;
  name: string;
  logo_url: string;
  logo_square_url: string;
  site_url: string;
  active: Flag;
}

/** When a public data set last changed: the source of `Last-Modified` (e.g. `routes`). */
export interface DatasetVersionsTable {
  name: string;
  updated_at: IsoInstant;
}

/** An error report sent by the app (`POST /api/error/save`); texts are stored as received. */
export interface ErrorReportsTable {
  id: Generated<number>;
  created_at: IsoInstant;
  component: string;
  trace: string;
  info: string;
  /** The page the app was on. */
  url: string;
  /** The app version that sent it. */
  version: string;
  user_agent: string;
  /** The id of the request that delivered it, as in the server log. */
  request_id: string;
}

/** A search job and, once finished, its result (DESIGN §5), keyed by the search hash. */
export interface SearchResultsTable {
  /** 32 hex digits: the digest of the normalised search parameters. */
  hash: string;
  /** The normalised parameters as JSON, enough to run the search again. */
  params: string;
  /** `progress` while running, then `done` or `error`; `expired` is `done` past `expires_at`. */
  status: 'progress' | 'done' | 'error';
  /** 0–100: the share of the search's parts (leg × supplier) that have answered. */
  progress: number;
  /** The result as sent to browsers (JSON), once done. */
  result: string | null;
  /** Why the search, or some of its parts, failed; for the log, never sent. */
  error: string | null;
  created_at: IsoInstant;
  /** When the current run started; a run older than the job deadline is abandoned. */
  started_at: IsoInstant;
  updated_at: IsoInstant;
  /** The source of `Last-Modified` and the `ETag` of the result. */
  finished_at: IsoInstant | null;
  /** After this instant a finished search reports `expired`. */
  expires_at: IsoInstant | null;
}

/** The cheapest fare with a seat left per route and departure day (DESIGN §5 price summary). */
export interface RouteDayPricesTable {
  route_id: number;
  /** Local departure date at the origin. */
  date: Ymd;
  min_price_minor: number;
  currency: string;
  updated_at: IsoInstant;
}

/** An account (SPEC §1 "signed-in user"); the e-mail is stored in lower case. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** Argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** 1 Mr., 2 Mrs., or null. */
  title_id: number | null;
  notifications: Flag;
  /** The current avatar (`user_avatars.id`), or null. */
  avatar_id: string | null;
  /** When the address was confirmed through its e-mailed link; null until then. */
  email_confirmed_at: IsoInstant | null;
  /** A new address waiting for its confirmation link (`update-email`). */
  pending_email: string | null;
  /** The UI locale of the e-mails; the visitor's locale at sign-up, then their choice. */
  locale: string;
  /** The currency chosen while signed in, or null to follow the locale. */
  currency: string | null;
  /** When the saved passengers last changed (`Last-Modified` of `/api/booking/passengers`). */
  passengers_updated_at: IsoInstant;
  password_changed_at: IsoInstant;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** A signed-in browser. Only the SHA-256 of the cookie's random id is stored. */
export interface SessionsTable {
  /** SHA-256 (hex) of the session id in the cookie. */
  id_hash: string;
  user_id: number;
  created_at: IsoInstant;
  /** Last request seen (written at most once a minute); idle sessions end. */
  last_seen_at: IsoInstant;
  /** Absolute end of the session. */
  expires_at: IsoInstant;
  user_agent: string;
}

export type UserTokenPurpose = 'confirm_email' | 'change_email' | 'recover' | 'login';

/** An e-mailed link token (DESIGN §7): only its SHA-256 is stored; single use, with an expiry. */
export interface UserTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: UserTokenPurpose;
  /** The address the link was sent to (for `change_email`, the new address). */
  email: string;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  /** When the token was used (or replaced by a newer one); null while it is usable. */
  used_at: IsoInstant | null;
}

/** An avatar as re-encoded by the server (WebP, at most 512 × 512, no metadata). */
export interface UserAvatarsTable {
  /** 32 random hex digits; the file name in the avatar URL. */
  id: string;
  user_id: number;
  content_type: string;
  data: Buffer;
  width: number;
  height: number;
  created_at: IsoInstant;
}

/** A passenger of a signed-in user's earlier booking, offered again by the booking flow. */
export interface SavedPassengersTable {
  id: Generated<number>;
  user_id: number;
  /** Lower-case first name, last name and birth date: the same person is saved once. */
  match_key: string;
  passenger_type_id: number;
  title_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: Ymd | null;
  nationality: string | null;
  document_type_id: number | null;
  document_number: string | null;
  document_expiry: Ymd | null;
  created_at: IsoInstant;
  last_used_at: IsoInstant;
}

export type MailStatus = 'held' | 'pending' | 'sending' | 'sent' | 'failed';

/**
 * E-mails, written in the same transaction as what they announce and sent after commit. `held`:
 * no SMTP server is configured (read at /dev/mailbox in development); `pending` → `sending` →
 * `sent` (bodies then emptied), or back to `pending` with a later `next_attempt_at`, or `failed`.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  created_at: IsoInstant;
  /** The template, e.g. `confirmEmail`. */
  kind: string;
  to_address: string;
  locale: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: IsoInstant;
  claimed_at: IsoInstant | null;
  sent_at: IsoInstant | null;
  last_error: string | null;
}

/**
 * A booking (DESIGN §4, §6). Readable by its owner, or by the device holding the token whose
 * SHA-256 is `device_token_hash`; the booked journey is summarised here so the lists need no
 * inventory rows.
 */
export interface BookingsTable {
  id: Generated<number>;
  /** 7 characters, upper case, random. */
  pnr: string;
  /** `not_paid`, `paid`, `ticketed`, `cancelled`, `expired`. */
  status: string;
  owner_user_id: number | null;
  device_token_hash: string | null;
  booker_first_name: string;
  booker_last_name: string;
  booker_email: string;
  booker_phone: string | null;
  currency: string;
  total_minor: number;
  affiliate_id: number | null;
  /** IATA code of the first departure airport and of the final destination. */
  origin_airport: string;
  destination_airport: string;
  /** Local date of the first departure. */
  departure_date: Ymd;
  /** Local date of the last departure of a trip with more than one leg, else null. */
  return_date: Ymd | null;
  locale: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The search the booking was made from. */
  search_hash: string | null;
  /** End of the seat hold of an unpaid booking. */
  hold_expires_at: IsoInstant | null;
  /** Country calling code digits of `booker_phone`. */
  booker_phone_code: string | null;
  /** Fares and extras in the base currency (USD); `currency`/`total_minor` are the charge. */
  base_currency: ColumnType<string, string | undefined, string>;
  base_total_minor: ColumnType<number, number | undefined, number>;
  /** The method of the payment that paid or confirmed the booking. */
  payment_method: string | null;
  paid_at: IsoInstant | null;
  /** Keyed hash of the client address that made it (caps on unpaid bookings per client). */
  client_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A leg of a booking with its own copy of the journey (see the booking-flow migration). */
export interface BookingFlightsTable {
  id: Generated<number>;
  booking_id: number;
  position: number;
  destination_index: number;
  flight_ref: string;
  route_id: number | null;
  date: Ymd;
  from_airport: string;
  to_airport: string;
  fare_letter: string;
  cabin: string;
  fare_price_minor: number;
  /** JSON array of the contract's BookingSegment. */
  segments: string;
}

export interface BookingExtrasTable {
  id: Generated<number>;
  booking_id: number;
  destination_index: number;
  passenger_index: number;
  code: string;
  quantity: number;
  price_minor: number;
}

export interface SeatHoldsTable {
  id: Generated<number>;
  booking_id: number;
  fare_class_id: number;
  seats: number;
  /** `held`, `sold` or `released`. */
  state: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface BookingDeviceTokensTable {
  /** SHA-256 of the device booking token. */
  token_hash: string;
  booking_id: number;
  created_at: IsoInstant;
}

export interface BookingLinkTokensTable {
  id: Generated<number>;
  booking_id: number;
  /** `finish` or `login_quick`. */
  purpose: string;
  token_hash: string;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  created_at: IsoInstant;
}

export interface TicketsTable {
  id: Generated<number>;
  booking_id: number;
  flight_index: number;
  passenger_index: number;
  number: string;
  issued_at: IsoInstant;
}

export interface PaymentsTable {
  id: Generated<number>;
  booking_id: number;
  method: string;
  attempt_key: string;
  provider_ref: string | null;
  amount_minor: number;
  currency: string;
  /** `processing`, `requires_action`, `pending`, `succeeded`, `failed`, `refunded`. */
  status: string;
  failure_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  scope: string;
  key: string;
  fingerprint: string;
  /** `processing` or `done`. */
  status: string;
  response_status: number | null;
  response_body: string | null;
  created_at: IsoInstant;
  locked_until: IsoInstant | null;
}

export interface ProcessedEventsTable {
  provider: string;
  event_id: string;
  processed_at: IsoInstant;
}

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  /** JSON. */
  payload: string;
  created_at: IsoInstant;
  available_at: IsoInstant;
  attempts: ColumnType<number, number | undefined, number>;
  locked_until: IsoInstant | null;
  processed_at: IsoInstant | null;
  last_error: string | null;
}

export interface BookingPassengersTable {
  id: Generated<number>;
  booking_id: number;
  /** 1-based order in the booking. */
  position: number;
  passenger_type_id: number;
  title_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: Ymd | null;
  nationality: string | null;
  document_type_id: number | null;
  document_number: string | null;
  document_expiry: Ymd | null;
}

/** Sandbox payment gateway (modules/sandbox-gateway): a card as tokenised, without its number. */
export interface GatewayCardTokensTable {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  scenario: string;
  created_at: IsoInstant;
}

/** Sandbox payment gateway: one payment as the provider sees it. */
export interface GatewayPaymentsTable {
  id: string;
  attempt_key: string;
  method: string;
  reference: string;
  amount: number;
  currency: string;
  card_token: string | null;
  return_url: string;
  locale: string;
  status: string;
  failure_reason: string | null;
  action: string | null;
  settle_at: IsoInstant | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Sandbox payment gateway: the stored first answer per idempotency key. */
export interface GatewayIdempotencyKeysTable {
  scope: string;
  key: string;
  fingerprint: string;
  response_status: number;
  response_body: string;
  created_at: IsoInstant;
}

/** Sandbox payment gateway: webhook events and their delivery. */
export interface GatewayEventsTable {
  id: string;
  type: string;
  payment_id: string;
  body: string;
  created_at: IsoInstant;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: IsoInstant | null;
  delivered_at: IsoInstant | null;
  last_error: string | null;
}

/** A browser's Web Push subscription (SPEC §3), owned by a user or by the bookings it names. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  public_key: string;
  auth_token: string;
  content_encoding: 'aes128gcm' | 'aesgcm';
  user_id: number | null;
  locale: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Which bookings' pushes a subscription receives (from the device tokens it presented). */
export interface PushSubscriptionBookingsTable {
  subscription_id: number;
  booking_id: number;
}

/** A web app build whose app-update push has gone out (or the first build, not announced). */
export interface PushAppReleasesTable {
  build_id: string;
  announced_at: IsoInstant;
}

/** The server's VAPID key pair when not configured (one row, id 1), base64url. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: IsoInstant;
}

export type Airport = Selectable<AirportsTable>;
export type Route = Selectable<RoutesTable>;
export type Flight = Selectable<FlightsTable>;
export type FlightSegment = Selectable<FlightSegmentsTable>;
export type FareClass = Selectable<FareClassesTable>;

/** Converts a boolean to the stored flag. */
export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** Reads a stored flag; any non-zero value is true. */
export function fromFlag(value: number): boolean {
  return value !== 0;
}
