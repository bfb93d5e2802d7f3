import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import { DEFAULT_SESSION_SECRET_FILE } from '../config/paths.ts';

/** The visitor cookies this server sets, by purpose. */
export const VISITOR_COOKIES = {
  /** The UI locale the visitor chose. */
  locale: 'uq_locale',
  /** The currency the visitor chose. */
  currency: 'uq_currency',
  /** The affiliate the visitor arrived through, with when (signed). */
  affiliate: 'uq_aff',
} as const;

export type VisitorCookie = keyof typeof VISITOR_COOKIES;

/** Reads and writes the visitor cookies with the right name, flags and signature. */
export interface VisitorCookieJar {
  /** The cookie's value, or undefined when absent. */
  read(request: FastifyRequest, cookie: VisitorCookie): string | undefined;
  /** The value of a signed cookie, or undefined when absent or its signature does not verify. */
  readSigned(request: FastifyRequest, cookie: VisitorCookie): string | undefined;
  write(
    reply: FastifyReply,
    cookie: VisitorCookie,
    value: string,
    options: { maxAgeSeconds: number; signed?: boolean },
  ): void;
  clear(reply: FastifyReply, cookie: VisitorCookie): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    visitorCookies: VisitorCookieJar;
  }
}

/**
 * The secret that signs cookies: `SESSION_SECRET` when set (always in production). A development
 * server without one keeps a generated secret in `data/session-secret`, so signed cookies survive
 * restarts; a test run uses a new random secret per process.
 */
export function resolveCookieSecret(
  config: Pick<Config, 'env' | 'sessionSecret'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  secretFile: string = DEFAULT_SESSION_SECRET_FILE,
): string {
  if (config.sessionSecret !== undefined) return config.sessionSecret;
  if (config.env === 'production') {
    throw new Error('SESSION_SECRET is required in production');
  }
  if (config.env === 'test') return randomBytes(32).toString('hex');
  if (existsSync(secretFile)) {
    const stored = readFileSync(secretFile, 'utf8').trim();
    if (stored.length >= 32) {
      log.info({ secretFile }, 'SESSION_SECRET not set: using the development secret file');
      return stored;
    }
    log.warn({ secretFile }, 'development secret file too short: writing a new one');
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(secretFile), { recursive: true });
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  chmodSync(secretFile, 0o600);
  log.warn(
    { secretFile },
    'SESSION_SECRET not set: generated a development secret (set SESSION_SECRET in production)',
  );
  return secret;
}

/**
 * Cookies (@fastify/cookie), signed with the configured secret, and the visitor cookie jar:
 * `HttpOnly`, `SameSite=Lax`, `Path=/`; over HTTPS also `Secure` with the `__Host-` prefix, so
 * no other host or path can set them (ASVS V3.3).
 */
export const cookiesPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secure: boolean }) => {
    await app.register(cookie, { secret: options.secret, hook: 'onRequest' });
    const nameOf = (purpose: VisitorCookie): string =>
      options.secure ? `__Host-${VISITOR_COOKIES[purpose]}` : VISITOR_COOKIES[purpose];
    const attributes = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: options.secure,
    };
    app.decorate('visitorCookies', {
      read(request, purpose) {
        return request.cookies[nameOf(purpose)];
      },
      readSigned(request, purpose) {
        const raw = request.cookies[nameOf(purpose)];
        if (raw === undefined) return undefined;
        const unsigned = request.unsignCookie(raw);
        return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
      },
      write(reply, purpose, value, { maxAgeSeconds, signed = false }) {
        reply.setCookie(nameOf(purpose), value, { ...attributes, maxAge: maxAgeSeconds, signed });
      },
      clear(reply, purpose) {
        reply.clearCookie(nameOf(purpose), attributes);
      },
    } satisfies VisitorCookieJar);
  },
  { name: 'cookies' },
);
