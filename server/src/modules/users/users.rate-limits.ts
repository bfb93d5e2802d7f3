import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session.ts';

/**
 * Limits (reference notes §9); every one answers 429 with Retry-After and a message in the
 * visitor's language. Strict per account and per e-mail address; per client address (IP) only
 * generous ceilings, since thousands of travellers can share one address behind a carrier's NAT.
 * The numbers are documented in docs/accounts.md ("Rate limits"). The sign-in limits fail closed:
 * while shared counters (Redis) cannot answer, sign-in answers 503 rather than go unlimited
 * (`skipOnError: false`); the others let requests through.
 */
export const USER_RATE_LIMITS = {
  /** Wrong passwords per e-mail address and client in a minute; the next attempt is refused. */
  signInFailures: { max: 10, timeWindow: 60_000, skipOnError: false },
  /** Sign-in attempts per client address in a minute, whatever the e-mail address. */
  signIn: { max: 600, timeWindow: 60_000, skipOnError: false },
  /** Registrations per client address in an hour. */
  register: { max: 1_000, timeWindow: 3_600_000 },
  /** … and per e-mail address in an hour (each one e-mails that address). */
  registerPerAddress: { max: 5, timeWindow: 3_600_000 },
  /** Recovery or sign-in link requests per client address in an hour. */
  linkRequests: { max: 1_000, timeWindow: 3_600_000 },
  /** … and per e-mail address in an hour. */
  linkRequestsPerAddress: { max: 5, timeWindow: 3_600_000 },
  /** Opening e-mailed links, per client address in a minute (the tokens are 160 random bits). */
  tokens: { max: 600, timeWindow: 60_000 },
  /** Password-checked changes (e-mail, password) per session in a minute. */
  reauthentication: { max: 10, timeWindow: 60_000 },
  /** Avatar uploads per session in an hour. */
  avatar: { max: 20, timeWindow: 3_600_000 },
} as const;

/** Counts per signed-in session (its cookie), or per client address without one. */
export const perSession = (request: FastifyRequest): string =>
  `session:${request.cookies[`__Host-${SESSION_COOKIE}`] ?? request.cookies[SESSION_COOKIE] ?? request.ip}`;
