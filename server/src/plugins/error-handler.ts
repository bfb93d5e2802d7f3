import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GENERAL_ERROR_FIELD, type ErrorCode } from '@uniquair/contract/error-body';
import type { MessageKey } from '@uniquair/i18n/messages';
import { apiText, isMessageKey, loadApiMessages, requestLocale } from '../lib/api-messages.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseTrouble } from '../lib/database-unavailable.ts';
import { errorBody } from '../lib/error-body.ts';
import { ServiceError, STATUS_OF_CODE } from '../lib/service-error.ts';
import { fieldMessage, type ValidationIssue } from '../lib/validation-messages.ts';

/** Fastify's own client-error codes and the error code each is answered with. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
  FST_ERR_BAD_URL: 'INVALID_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/** The sentence an error code says when nothing more precise is known. */
const CODE_MESSAGES: Readonly<Partial<Record<ErrorCode, MessageKey>>> = {
  BAD_REQUEST: 'apiError.badRequest',
  INVALID_URL: 'apiError.badUrl',
  URI_TOO_LONG: 'apiError.uriTooLong',
  HEADERS_TOO_LARGE: 'apiError.headersTooLarge',
  REQUEST_TIMEOUT: 'apiError.badRequest',
  VALIDATION_ERROR: 'apiError.invalid',
  INVALID_JSON: 'apiError.invalidJson',
  UNSUPPORTED_MEDIA_TYPE: 'apiError.unsupportedMediaType',
  PAYLOAD_TOO_LARGE: 'apiError.payloadTooLarge',
  NOT_FOUND: 'apiError.notFound',
  METHOD_NOT_ALLOWED: 'apiError.methodNotAllowed',
  ERROR_UNAUTHORIZED: 'apiError.signInFirst',
  TOO_MANY_REQUESTS: 'apiError.tooManyRequests',
  DATABASE_UNAVAILABLE: 'apiError.unavailable',
  SERVICE_UNAVAILABLE: 'apiError.unavailable',
  INTERNAL_ERROR: 'apiError.internal',
};

/** The general message of a code in a locale, or `fallback` for a code without one. */
export function codeMessage(locale: string, code: ErrorCode, fallback?: string): string {
  const key = CODE_MESSAGES[code];
  if (key !== undefined) return apiText(locale, key);
  return fallback ?? apiText(locale, 'apiError.badRequest');
}

/**
 * The structured error body of a code in the request's language: the field errors given (each
 * text that is a catalogue key translated), or else the code's general message under `_`.
 */
export function localizedErrorBody(
  locale: string,
  code: ErrorCode,
  errors: Readonly<Record<string, readonly string[]>> = {},
  fallback?: string,
) {
  const translated = Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [
        field,
        messages.map((text) => (isMessageKey(text) ? apiText(locale, text) : text)),
      ]),
  );
  if (Object.keys(translated).length === 0) {
    translated[GENERAL_ERROR_FIELD] = [codeMessage(locale, code, fallback)];
  }
  return errorBody(code, translated);
}

/** Generic code for a client error status that carries no code of its own. */
function codeOfStatus(status: number): ErrorCode {
  const match = (Object.keys(STATUS_OF_CODE) as ErrorCode[]).find(
    (code) => STATUS_OF_CODE[code] === status && code !== 'VALIDATION_ERROR',
  );
  return match ?? 'BAD_REQUEST';
}

/** `/passengers/0/firstName` in the `body` → `body.passengers.0.firstName`. */
function fieldPath(context: string | undefined, path: readonly string[]): string {
  const parts = [...path];
  if (context) parts.unshift(context);
  return parts.length > 0 ? parts.join('.') : GENERAL_ERROR_FIELD;
}

/** The value the request sent at a path of one of its parts (body, query, params, headers). */
function sentValue(request: FastifyRequest, context: string | undefined, path: string[]): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  let value: unknown = context === undefined ? undefined : parts[context];
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Collects schema-validation failures as field errors, each worded for people. */
function validationErrors(
  error: FastifyError,
  request: FastifyRequest,
  locale: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.validation ?? []) {
    const path = item.instancePath.split('/').filter(Boolean);
    const issue = item as unknown as ValidationIssue;
    const keys =
      issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)
        ? issue.params.keys.map((key) => [...path, String(key)])
        : [path];
    for (const fieldKeys of keys) {
      const missing = sentValue(request, error.validationContext, fieldKeys) === undefined;
      const field = fieldPath(error.validationContext, fieldKeys);
      const message = fieldMessage(locale, issue, missing);
      const list = (errors[field] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return errors;
}

function handleError(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = requestLocale(request);
  if (error instanceof ServiceError) {
    return reply
      .code(error.statusCode)
      .send(localizedErrorBody(locale, error.code, error.errors, error.message));
  }
  if (error.validation) {
    return reply
      .code(400)
      .send(
        localizedErrorBody(locale, 'VALIDATION_ERROR', validationErrors(error, request, locale)),
      );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (error.code ? FASTIFY_CODES[error.code] : undefined) ?? codeOfStatus(status);
    // Headers such as Retry-After or Allow, set by whatever refused the request, are kept. The
    // framework's own text (which may quote the request) is never sent.
    return reply.code(status).send(localizedErrorBody(locale, code));
  }
  const trouble = databaseTrouble(error);
  if (trouble !== null) {
    // Not a fault of the request nor of the code: the database is busy or out; try again soon.
    if (trouble === 'unreachable') this.databaseOutage?.failure('requests', error);
    else request.log.warn({ err: error }, 'database busy');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS[trouble]));
    return reply.code(503).send(localizedErrorBody(locale, 'DATABASE_UNAVAILABLE'));
  }
  request.log.error({ err: error }, 'request failed');
  const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return reply.code(status === 503 ? 503 : 500).send(localizedErrorBody(locale, code));
}

/**
 * One error handler for the whole API: every failure leaves as the structured error body
 * `{ success: false, code, errors }` with at least one message, in the visitor's language. Bad
 * input is a 4xx naming the fields; a 5xx never reveals internals and is logged with the request
 * id.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    await loadApiMessages();
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
