import { ErrorBodySchema, type ErrorBody, type ErrorCode } from '@uniquair/contract/error-body';

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

/** Route schema responses: the error body under each of these statuses. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    Status,
    typeof ErrorBodySchema
  >;
}
