import type { ErrorCode } from '@uniquair/contract/error-body';

/** HTTP status each error code is answered with. */
export const STATUS_OF_CODE: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  INVALID_URL: 400,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ERROR_UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_CONTAINS_EMAIL: 400,
  EMAIL_NOT_CONFIRMED: 403,
  LINK_EXPIRED: 410,
  FORBIDDEN: 403,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SEARCH_NOT_READY: 409,
  SEARCH_EXPIRED: 410,
  SEARCH_FAILED: 502,
  UPGRADE_REQUIRED: 426,
  PRICE_INCREASED: 409,
  FLIGHT_UNAVAILABLE: 409,
  BOOKING_ALREADY_PAID: 409,
  BOOKING_EXPIRED: 410,
  INVOICE_NOT_AVAILABLE: 409,
  CREDIT_NOTE_NOT_AVAILABLE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_METHOD_DISABLED: 400,
  CARD_DECLINED: 402,
  CARD_EXPIRED: 402,
  INSUFFICIENT_FUNDS: 402,
  CARD_LIMIT_EXCEEDED: 402,
  NOT_AUTHORIZED_BY_BANK: 402,
  CHECK_CARD_DETAILS: 402,
  PAYMENT_FAILED: 502,
  SHARE_LINK_EXPIRED: 410,
  TICKET_RESEND_LIMIT: 429,
  BOOKING_NOT_CONFIRMED: 409,
  DATABASE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  CANCELLATION_QUOTE_CHANGED: 409,
  BOOKING_ALREADY_CANCELLED: 409,
  BOOKING_ALREADY_FLOWN: 409,
  // Schedule changes (docs/schedule-changes.md).
  FLIGHT_CANCELLED: 409,
  NO_SCHEDULE_CHANGE: 409,
  SCHEDULE_CHANGE_ANSWERED: 409,
  SUBSTITUTE_SOLD_OUT: 409,
  // Voluntary flight changes (docs/flight-changes.md).
  FARE_NOT_CHANGEABLE: 409,
  CHANGE_NOT_AVAILABLE: 409,
  CHANGE_PRICE_CHANGED: 409,
  CHANGE_SOLD_OUT: 409,
  NO_CHANGE_AWAITING_PAYMENT: 409,
  // Support tickets (docs/support.md).
  TOO_MANY_OPEN_TICKETS: 429,
  TICKET_CLOSED: 409,
};

/**
 * An expected failure raised by a service: it names an error code and, where a field is at fault,
 * the field errors. Services throw these and never speak HTTP; the error handler turns them into
 * the structured error body with the status of the code.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly errors: Readonly<Record<string, readonly string[]>>;

  constructor(code: ErrorCode, message: string, errors: Record<string, readonly string[]> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.errors = errors;
  }

  get statusCode(): number {
    return STATUS_OF_CODE[this.code];
  }
}
