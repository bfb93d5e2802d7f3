/**
 * The closed set of error codes the domain rules produce (style anchors (c) 23). Rules either
 * return a typed error value carrying one of these codes (route date field) or throw a
 * {@link DomainError} for input a caller should never pass (unknown currency, broken random
 * source). The web shows `errors.<CODE>` through i18n; the server maps codes to its envelope.
 */
export const DOMAIN_ERROR_CODES = [
  'ROUTE_DATE_BEFORE_AVAILABILITY',
  'ROUTE_DATE_AFTER_AVAILABILITY',
  'ROUTE_DATE_DAY_NOT_OPERATED',
  'CURRENCY_UNKNOWN',
  'CURRENCY_RATE_INVALID',
  'AMOUNT_INVALID',
  'RANDOM_SOURCE_INVALID',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** Error codes of the route date field (SPEC §5). */
export type RouteDateErrorCode = Extract<DomainErrorCode, `ROUTE_DATE_${string}`>;

/** A rule violation that reached a throw; `code` is what callers branch on, never `message`. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

export function isDomainErrorCode(code: string): code is DomainErrorCode {
  return (DOMAIN_ERROR_CODES as readonly string[]).includes(code);
}
