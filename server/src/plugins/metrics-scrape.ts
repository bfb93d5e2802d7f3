import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Registry } from 'prom-client';
import type { ErrorCode } from '@uniquair/contract/error-body';
import { ServiceError } from '../lib/service-error.ts';
import { localizedErrorBody } from './error-handler.ts';

/** Where the metrics are served, on the main port and on `METRICS_PORT` (`metrics.ts`). */
export const METRICS_PATH = '/metrics';

/** A secret compared in constant time (both hashed first, so their lengths tell nothing). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Why a scrape is refused (401 without the token, 403 with another one), or null. */
function refusal(authorization: string | undefined, token: string | null): ServiceError | null {
  if (token === null) return null;
  const given = /^Bearer +([^\s]+) *$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) {
    return new ServiceError('ERROR_UNAUTHORIZED', 'Metrics token missing', {
      _: ['Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".'],
    });
  }
  if (sameSecret(given, token)) return null;
  return new ServiceError('FORBIDDEN', 'Wrong metrics token', {
    _: ['This metrics token is not the one configured.'],
  });
}

const CHALLENGE = 'Bearer realm="metrics"';

/** A scrape's answer, wherever it is served: the metrics, or the refusal; with its headers. */
type ScrapeAnswer =
  | { text: string; headers: Record<string, string> }
  | { refused: ServiceError; headers: Record<string, string> };

/**
 * `GET /metrics` on either port: the token asked for when one is set (401 with the challenge
 * without it, 403 with another one), then the metrics, never cached.
 */
export function metricsHandler(
  scrape: () => Promise<string>,
  token: string | null,
): (authorization: string | undefined) => Promise<ScrapeAnswer> {
  return async (authorization) => {
    const refused = refusal(authorization, token);
    if (refused !== null) {
      const headers: Record<string, string> =
        refused.statusCode === 401 ? { 'www-authenticate': CHALLENGE } : {};
      return { refused, headers };
    }
    return {
      text: await scrape(),
      headers: { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' },
    };
  };
}

/**
 * The listener of `METRICS_PORT`: `GET /metrics` through the same handler as the main port, the
 * error body for anything else. Plain `node:http`: nothing of the app runs on it.
 */
export function metricsListener(serve: ReturnType<typeof metricsHandler>): Server {
  const answerError = (response: ServerResponse, code: ErrorCode, error?: ServiceError) => {
    const status = error?.statusCode ?? (code === 'METHOD_NOT_ALLOWED' ? 405 : 404);
    const body = localizedErrorBody('en', code, error?.errors ?? {});
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url ?? '/', 'http://metrics').pathname !== METRICS_PATH) {
      return answerError(response, 'NOT_FOUND');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return answerError(response, 'METHOD_NOT_ALLOWED');
    }
    const served = await serve(request.headers.authorization);
    for (const [name, value] of Object.entries(served.headers)) response.setHeader(name, value);
    if ('refused' in served) return answerError(response, served.refused.code, served.refused);
    response.writeHead(200);
    response.end(request.method === 'HEAD' ? undefined : served.text);
  };
  return createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
}
