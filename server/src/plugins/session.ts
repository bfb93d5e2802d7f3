import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { secretHash } from '../lib/secret-hash.ts';
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  purgeSessions,
  touchSession,
  type UserRow,
} from '../modules/sessions/sessions.repository.ts';

/** The session cookie's name; `__Host-` prefixed over HTTPS (see `sessionCookieName`). */
export const SESSION_COOKIE = 'uq_sid';
/** Activity is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;
/** How often expired sessions are deleted. */
const PURGE_INTERVAL_MS = 3_600_000;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in session of a request. */
export interface ActiveSession {
  /** SHA-256 (hex) of the session id, as stored. */
  idHash: string;
  user: UserRow;
}

export interface SessionStore {
  /** The request's session, if its cookie names a live one; resolved once per request. */
  current(request: FastifyRequest): Promise<ActiveSession | null>;
  /** The signed-in user of the request, or null. */
  user(request: FastifyRequest): Promise<UserRow | null>;
  /**
   * Whether the request may belong to a signed-in user: it carries a well-formed session cookie.
   * A request without one is anonymous, known without a database read.
   */
  mayBeSignedIn(request: FastifyRequest): boolean;
  /**
   * Signs a user in on this browser: a new random session id (any session the request carried is
   * ended first, so an id planted before sign-in is worthless) in an HttpOnly cookie.
   */
  start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** Signs out: the session row is deleted and the cookie cleared. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends a user's sessions, except `except` when given (password change, reset). */
  endAllOf(userId: number, except?: ActiveSession | null): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export interface SessionPluginOptions {
  secure: boolean;
  maxAgeMs: number;
  idleMs: number;
}

/**
 * Server-side sessions (DESIGN §7, ASVS V7): the browser holds only an opaque 256-bit random id
 * in an `HttpOnly; SameSite=Lax; Path=/` cookie (`Secure` with the `__Host-` prefix over HTTPS);
 * the database holds its SHA-256 with the user, an absolute end (`maxAgeMs`) and the last
 * activity (a session idle for `idleMs` ends). Sign-in issues a new id; sign-out deletes the row.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    const cookieName = sessionCookieName(options.secure);
    const cookieAttributes = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: options.secure,
    };
    const resolved = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

    const sessionIdOf = (request: FastifyRequest): string | undefined => {
      const id = request.cookies[cookieName];
      return id !== undefined && SESSION_ID_PATTERN.test(id) ? id : undefined;
    };

    const lookUp = async (request: FastifyRequest): Promise<ActiveSession | null> => {
      const id = sessionIdOf(request);
      if (id === undefined) return null;
      const idHash = secretHash(id);
      const found = await findSessionWithUser(app.db, idHash);
      if (found === undefined) return null;
      const now = app.now();
      const idleSince = new Date(now.getTime() - options.idleMs).toISOString();
      if (
        found.session.expires_at <= now.toISOString() ||
        found.session.last_seen_at <= idleSince
      ) {
        await deleteSession(app.db, idHash);
        return null;
      }
      if (now.getTime() - Date.parse(found.session.last_seen_at) >= TOUCH_INTERVAL_MS) {
        await touchSession(app.db, idHash, now.toISOString());
      }
      return { idHash, user: found.user };
    };

    const store: SessionStore = {
      current(request) {
        let session = resolved.get(request);
        if (session === undefined) {
          session = lookUp(request);
          resolved.set(request, session);
        }
        return session;
      },
      async user(request) {
        return (await store.current(request))?.user ?? null;
      },
      mayBeSignedIn(request) {
        return sessionIdOf(request) !== undefined;
      },
      async start(request, reply, userId) {
        const previous = request.cookies[cookieName];
        if (previous !== undefined && SESSION_ID_PATTERN.test(previous)) {
          await deleteSession(app.db, secretHash(previous));
        }
        const id = randomBytes(32).toString('base64url');
        const now = app.now();
        await insertSession(app.db, {
          id_hash: secretHash(id),
          user_id: userId,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + options.maxAgeMs).toISOString(),
          user_agent: (request.headers['user-agent'] ?? '').slice(0, 300),
        });
        reply.setCookie(cookieName, id, {
          ...cookieAttributes,
          maxAge: Math.floor(options.maxAgeMs / 1000),
        });
        resolved.delete(request);
      },
      async end(request, reply) {
        const id = request.cookies[cookieName];
        if (id !== undefined && SESSION_ID_PATTERN.test(id)) {
          await deleteSession(app.db, secretHash(id));
        }
        reply.clearCookie(cookieName, cookieAttributes);
        resolved.set(request, Promise.resolve(null));
      },
      endAllOf(userId, except) {
        return deleteUserSessions(app.db, userId, except?.idHash);
      },
    };
    app.decorate('sessions', store);

    const purge = () => {
      const now = app.now();
      purgeSessions(
        app.db,
        now.toISOString(),
        new Date(now.getTime() - options.idleMs).toISOString(),
      ).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge sessions'));
    };
    const timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['cookies', 'database', 'clock'] },
);
