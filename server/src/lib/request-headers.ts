import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { ServiceError } from './service-error.ts';

/**
 * Request headers several modules' routes take: their fields, to spread into a route's `headers`
 * object schema (and so the OpenAPI document, with one description each), and reading the
 * `Idempotency-Key`, whose errors the handler gives (400 VALIDATION_ERROR under
 * `headers.idempotency-key`).
 */

/** `X-Booking-Tokens`: the device booking tokens of an anonymous visitor's browser. */
export const deviceTokensShape = {
  [DEVICE_TOKENS_HEADER]: z
    .string()
    .max(4_000)
    .optional()
    .meta({ description: 'Device booking tokens of this browser, comma-separated.' }),
};

/** `Idempotency-Key` of an operation done once per key: "One key per `per`". */
export function idempotencyKeyShape(per: string) {
  return {
    [IDEMPOTENCY_KEY_HEADER]: z
      .string()
      .optional()
      .meta({ description: `One key per ${per} (8–128 visible ASCII characters).` }),
  };
}

function keyError(message: string, fieldMessage: string): ServiceError {
  return new ServiceError('VALIDATION_ERROR', message, {
    [`headers.${IDEMPOTENCY_KEY_HEADER}`]: [fieldMessage],
  });
}

/**
 * The `Idempotency-Key` header of a request that needs one: a missing key is a 400
 * VALIDATION_ERROR saying `apiError.required`, a malformed one says `malformed`.
 */
export function requiredIdempotencyKey(key: string | undefined, malformed: string): string {
  if (key === undefined) throw keyError('Idempotency-Key missing', 'apiError.required');
  if (!IdempotencyKeySchema.safeParse(key).success) {
    throw keyError('Idempotency-Key malformed', malformed);
  }
  return key;
}

/** An optional `Idempotency-Key` header: null without one, 400 `apiError.invalid` malformed. */
export function optionalIdempotencyKey(key: string | undefined): string | null {
  if (key === undefined) return null;
  if (!IdempotencyKeySchema.safeParse(key).success) {
    throw keyError('apiError.invalid', 'apiError.invalid');
  }
  return key;
}
