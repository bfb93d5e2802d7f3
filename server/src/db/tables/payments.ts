import type { ColumnType, Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';

/** Row types of the payments, their idempotency and events, the outbox, and the sandbox gateway's. */

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
  /** The server process (`server_instances.id`) that opened or last resumed the attempt. */
  owner_instance: string | null;
  /** The voluntary change this attempt pays (`booking_changes.id`); null: the booking itself. */
  change_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The server process (`server_instances.id`) whose request holds the key. */
  owner_instance: string | null;
}

/** A running (or stopped) server process; see docs/payments-flow.md "Crash points". */
export interface ServerInstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: IsoInstant;
  heartbeat_at: IsoInstant;
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
  /** The amount refunded when the payment is `refunded` (less than `amount` for a partial one). */
  refunded_amount: ColumnType<number | null, number | null | undefined, number | null>;
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
