import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../lib/service-error.ts';

/**
 * Who asks for a traveller's tickets: a signed-in user, or a visitor without an account whose
 * browser an e-mailed link let in (the visitor session cookie) — then only the confirmed tickets
 * written from that address with no account are theirs.
 */
export type SupportCaller =
  { userId: number; visitorEmail?: undefined } | { visitorEmail: string; userId?: undefined };

/** The visitor session cookie's name; `__Host-` prefixed over HTTPS, as the session cookie. */
export function visitorCookieName(secure: boolean): string {
  return secure ? '__Host-uq_support' : 'uq_support';
}

/** Where a caller's idempotent answers are kept apart from everyone else's. */
export function callerScope(caller: SupportCaller): string {
  return caller.userId === undefined ? `visitor:${caller.visitorEmail}` : String(caller.userId);
}

/** The address of a live visitor session cookie, or null (`SupportVisitors`). */
export interface VisitorSessions {
  sessionEmail(cookie: string | undefined): Promise<string | null>;
}

/**
 * The one place that answers "who is asking" on the traveller's ticket routes: the signed-in
 * user when there is a session, else the visitor of a live visitor session cookie; neither is
 * 401, as the routes answer an anonymous caller. Resolved once per request.
 */
export class SupportCallers {
  readonly #visitors: VisitorSessions;
  readonly #cookieName: string;
  readonly #secure: boolean;
  readonly #resolved = new WeakMap<FastifyRequest, Promise<SupportCaller>>();

  constructor(visitors: VisitorSessions, secure: boolean) {
    this.#visitors = visitors;
    this.#cookieName = visitorCookieName(secure);
    this.#secure = secure;
  }

  of(request: FastifyRequest): Promise<SupportCaller> {
    let caller = this.#resolved.get(request);
    if (caller === undefined) {
      caller = this.#lookUp(request);
      this.#resolved.set(request, caller);
    }
    return caller;
  }

  /** An `onRequest` hook: nothing of the request is read for a caller who is nobody. */
  readonly guard = async (request: FastifyRequest): Promise<void> => {
    await this.of(request);
  };

  /** Sets the visitor session cookie (HttpOnly, SameSite=Lax, Path=/; Secure over HTTPS). */
  grant(reply: FastifyReply, session: string, maxAgeSeconds: number): void {
    reply.setCookie(this.#cookieName, session, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secure,
      maxAge: maxAgeSeconds,
    });
  }

  async #lookUp(request: FastifyRequest): Promise<SupportCaller> {
    const session = await request.server.sessions.current(request);
    if (session !== null) return { userId: session.user.id };
    const email = await this.#visitors.sessionEmail(request.cookies[this.#cookieName]);
    if (email !== null) return { visitorEmail: email };
    throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
  }
}
