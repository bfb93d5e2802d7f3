import { z } from 'zod';

/**
 * Machine-readable error codes the API answers with. The web app shows `errors.<CODE>` from the
 * translation catalogue; callers branch on the code, never on the text.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_URL',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'ERROR_UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_CONTAINS_EMAIL',
  'EMAIL_NOT_CONFIRMED',
  'LINK_EXPIRED',
  'FORBIDDEN',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'SEARCH_NOT_READY',
  'SEARCH_EXPIRED',
  'SEARCH_FAILED',
  'UPGRADE_REQUIRED',
  'PRICE_INCREASED',
  'FLIGHT_UNAVAILABLE',
  'BOOKING_ALREADY_PAID',
  'BOOKING_EXPIRED',
  'INVOICE_NOT_AVAILABLE',
  'CREDIT_NOTE_NOT_AVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_METHOD_DISABLED',
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'CARD_LIMIT_EXCEEDED',
  'NOT_AUTHORIZED_BY_BANK',
  'CHECK_CARD_DETAILS',
  'PAYMENT_FAILED',
  'SHARE_LINK_EXPIRED',
  'TICKET_RESEND_LIMIT',
  'BOOKING_NOT_CONFIRMED',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'CANCELLATION_QUOTE_CHANGED',
  'BOOKING_ALREADY_CANCELLED',
  'BOOKING_ALREADY_FLOWN',
  // Schedule changes (docs/schedule-changes.md).
  'FLIGHT_CANCELLED',
  'NO_SCHEDULE_CHANGE',
  'SCHEDULE_CHANGE_ANSWERED',
  'SUBSTITUTE_SOLD_OUT',
  'FARE_NOT_CHANGEABLE',
  'CHANGE_NOT_AVAILABLE',
  'CHANGE_PRICE_CHANGED',
  'CHANGE_SOLD_OUT',
  'NO_CHANGE_AWAITING_PAYMENT',
  'TOO_MANY_OPEN_TICKETS',
  'TICKET_CLOSED',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * The structured error body (SPEC §8): `success: false` with a code and field errors. `errors`
 * maps a field path to messages in the visitor's language: the part of the request (`body`,
 * `querystring`, `params`, `headers`) then the path inside it (`body.passengers.0.firstName`,
 * `params.pnr`, `headers.idempotency-key`), or `_` for the request as a whole. Every error has at
 * least one message.
 */
export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    code: ErrorCodeSchema,
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'ErrorBody', description: 'Every error the API answers with has this shape.' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Field path used for errors that concern the request as a whole. */
export const GENERAL_ERROR_FIELD = '_';
