import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale } from '../lib/api-messages.ts';
import { localizedErrorBody } from './error-handler.ts';

interface Refusal {
  status: 403 | 415;
  message: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cross-site request rules of a route; `multipart` lets it take a multipart form body;
     * `exempt` takes the route out of these rules altogether (server-to-server calls that carry
     * their own authentication, such as the payment provider's signed webhooks).
     */
    csrf?: { multipart?: boolean; exempt?: boolean };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Cross-site request forgery defence for the API (DESIGN §7, ASVS 3.5, OWASP CSRF cheat sheet).
 * Every unsafe request (POST, PUT, PATCH, DELETE) under `/api/`:
 *
 * - is refused (403 FORBIDDEN) when the browser says it comes from another site
 *   (`Sec-Fetch-Site: cross-site`), or when its `Origin` — or, without one, its `Referer` — is
 *   not this site: the configured public origin, or the origin of the request's own `Host`;
 * - must send its body as JSON (`application/json`), which a cross-site form cannot do without a
 *   preflight that this server never grants; any other body type is 415, except a multipart form
 *   on the routes that take one (the avatar upload, support messages with images).
 *
 * Requests without `Origin` and `Referer` (not from a browser) pass the origin check; the
 * content-type rule still applies. The checks run before the body is read, so a refused request
 * changes nothing.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const publicOrigin = new URL(options.publicUrl).origin;

    const sameSite = (request: FastifyRequest, origin: string | null): boolean => {
      if (origin === null) return false;
      if (origin === publicOrigin) return true;
      const host = request.headers.host;
      return host !== undefined && new URL(origin).host === host;
    };

    /** Why an unsafe API request is refused, or null when it may go on. */
    const refusalOf = (request: FastifyRequest): Refusal | null => {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return { status: 403, message: 'Cross-site request refused' };
      }
      const origin = request.headers.origin;
      const referer = request.headers.referer;
      if (origin !== undefined) {
        if (!sameSite(request, originOf(origin))) {
          return { status: 403, message: 'Foreign origin refused' };
        }
      } else if (referer !== undefined && !sameSite(request, originOf(referer))) {
        return { status: 403, message: 'Foreign referrer refused' };
      }

      if (!hasBody(request)) return null;
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type === 'application/json') return null;
      if (
        type === 'multipart/form-data' &&
        (request.routeOptions.config as { csrf?: { multipart?: boolean } } | undefined)?.csrf
          ?.multipart === true
      ) {
        return null;
      }
      return { status: 415, message: 'Send the body as application/json' };
    };

    // A callback hook: safe methods, the hot path, pass without a promise per request.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (
        SAFE_METHODS.has(request.method) ||
        !isApiPath(request.url) ||
        (request.routeOptions.config as { csrf?: { exempt?: boolean } } | undefined)?.csrf
          ?.exempt === true
      ) {
        done();
        return;
      }
      const refusal = refusalOf(request);
      if (refusal === null) {
        done();
        return;
      }
      // The reason is logged; the caller reads it in its language.
      request.log.info({ reason: refusal.message }, 'unsafe request refused');
      void reply
        .code(refusal.status)
        .send(
          refusal.status === 403
            ? localizedErrorBody(requestLocale(request), 'FORBIDDEN', { _: ['apiError.crossSite'] })
            : localizedErrorBody(requestLocale(request), 'UNSUPPORTED_MEDIA_TYPE'),
        );
    });
  },
  { name: 'csrf' },
);
