import type { ErrorBody, ErrorCode } from '@uniquair/contract/error-body';

/** The structured error body every failure of the API answers: `{ success: false, code, errors }`. */
export function errorBody(
  code: ErrorCode,
  errors: Record<string, readonly string[]> = {},
): ErrorBody {
  return {
    success: false,
    code,
    errors: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, [...list]])),
  };
}
