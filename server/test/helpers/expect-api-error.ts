import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ErrorBodySchema, type ErrorBody, type ErrorCode } from '@uniquair/contract/error-body';

/** Asserts a response is the structured error body with the given status and code. */
export function expectApiError(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}
