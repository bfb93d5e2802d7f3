import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@uniquair/contract/error-body';
import { requestLocale } from '../lib/api-messages.ts';
import { STATUS_OF_CODE } from '../lib/service-error.ts';
import { localizedErrorBody } from './error-handler.ts';

/** Errors the router raises before any route or hook runs, by their Fastify code. */
const ROUTER_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_BAD_URL: 'INVALID_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`%E0%A4%A`) is 400 `INVALID_URL`,
 * a path parameter over `maxParamLength` 414 `URI_TOO_LONG`. The answer never quotes the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const code = (error.code ? ROUTER_CODES[error.code] : undefined) ?? 'INTERNAL_ERROR';
  if (code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
  void reply
    .code(STATUS_OF_CODE[code])
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(localizedErrorBody(requestLocale(request), code));
}

/** A connection whose request could not be read, by Node's parser error code. */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/**
 * The HTTP server's `clientError`: a request Node could not parse (headers over the limit, a body
 * left unread on a kept-alive connection, a malformed line) is answered with the structured error
 * body, in English since no header of it was read, and the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(error);
  const status = STATUS_OF_CODE[code];
  if (socket.writable) {
    const body = JSON.stringify(localizedErrorBody('en', code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the routes of a path answer (empty when no route matches the path). */
    allowedMethods(path: string): string[];
  }
}

/** `/api/booking/:pnr/get` → a pattern matching `/api/booking/abc123/get`. */
function routePattern(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return part === '*' ? '.*' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers every route's method and path so that a known path asked with another method answers
 * 405 `METHOD_NOT_ALLOWED` with `Allow` instead of 404 (RFC 9110 §15.5.6). Registered before the
 * routes.
 */
export const routeMethodsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: { pattern: RegExp; methods: string[] }[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      routes.push({ pattern: routePattern(route.url), methods: methods.map(String) });
    });
    app.decorate('allowedMethods', (path: string) => {
      const allowed = new Set<string>();
      for (const route of routes) {
        if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      }
      return [...allowed].sort();
    });
  },
  { name: 'route-methods' },
);

/**
 * The answer for a request no route takes: 405 with `Allow` when routes of that path answer other
 * methods, else 404 `NOT_FOUND`. Neither quotes the URL.
 */
export function noRouteAnswer(request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  const path = request.url.split('?')[0] ?? request.url;
  const allowed = request.server.allowedMethods(path);
  // A route of this very method that found nothing (a file gone since start) is a plain 404.
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send(localizedErrorBody(locale, 'METHOD_NOT_ALLOWED'));
  }
  return reply.code(404).send(localizedErrorBody(locale, 'NOT_FOUND'));
}
