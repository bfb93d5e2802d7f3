import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_REASON_MESSAGES } from '@uniquair/contract/users';
import { GENERAL_ERROR_FIELD, type ErrorCode } from '@uniquair/contract/error-body';
import { errorBody } from '../lib/error-body.ts';
import { ServiceError, STATUS_OF_CODE } from '../lib/service-error.ts';

/** Fastify's own client-error codes and the error code each is answered with. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** Generic code for a client error status that carries no code of its own. */
function codeOfStatus(status: number): ErrorCode {
  const match = (Object.keys(STATUS_OF_CODE) as ErrorCode[]).find(
    (code) => STATUS_OF_CODE[code] === status && code !== 'VALIDATION_ERROR',
  );
  return match ?? 'BAD_REQUEST';
}

/** `/passengers/0/firstName` in the `body` → `body.passengers.0.firstName`. */
function fieldPath(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (context) parts.unshift(context);
  return parts.length > 0 ? parts.join('.') : GENERAL_ERROR_FIELD;
}

/** Collects schema-validation failures as field errors. */
function validationErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.validation ?? []) {
    const field = fieldPath(error.validationContext, item.instancePath);
    (errors[field] ??= []).push(item.message ?? 'Invalid value');
  }
  return errors;
}

function handleError(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ServiceError) {
    return reply.code(error.statusCode).send(errorBody(error.code, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.code(400).send(errorBody('VALIDATION_ERROR', validationErrors(error)));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (error.code ? FASTIFY_CODES[error.code] : undefined) ?? codeOfStatus(status);
    // Headers such as Retry-After or Allow, set by whatever refused the request, are kept.
    return reply.code(status).send(errorBody(code, { [GENERAL_ERROR_FIELD]: [error.message] }));
  }
  request.log.error({ err: error }, 'request failed');
  const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return reply.code(status === 503 ? 503 : 500).send(errorBody(code));
}

/**
 * One error handler for the whole API: every failure leaves as the structured error body
 * `{ success: false, code, errors }`. Bad input is a 4xx naming the fields; a 5xx never reveals
 * internals and is logged with the request id.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    // The contract's refinements name a reason, not words; the API words them in English.
    z.config({
      customError: (issue) =>
        issue.code === 'custom'
          ? FIELD_REASON_MESSAGES[String((issue.params as { reason?: unknown })?.reason)]
          : undefined,
    });
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
