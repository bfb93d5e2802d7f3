import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/users/users.passwords.ts';
import { SESSION_COOKIE } from '../../src/plugins/session.ts';

let nextClient = 1;

/** A client address of its own, so rate limits of one test never reach another. */
export function freshClient(): string {
  const n = nextClient++;
  return `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/**
 * A request to the API from a client address of its own ({@link freshClient}), signed in with
 * `cookie` (a session cookie header value; null: signed out), with a JSON `payload` when given.
 */
export function callAs(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: freshClient(),
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let nextEmail = 1;

/** A new, unused e-mail address. */
export function freshEmail(prefix = 'user'): string {
  return `${prefix}.${process.pid}.${nextEmail++}@example.com`;
}

/** The session cookie a response sets, as a `cookie` request header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === SESSION_COOKIE);
  expect(cookie, 'session cookie set').toBeDefined();
  return `${SESSION_COOKIE}=${cookie?.value ?? ''}`;
}

export interface TestAccount {
  id: number;
  email: string;
  password: string;
}

/** A confirmed account written straight to the database. */
export async function createAccount(
  app: FastifyInstance,
  options: { email?: string; password?: string; firstName?: string; locale?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? freshEmail();
  const password = options.password ?? 'correct horse battery';
  const now = app.now().toISOString();
  const row = await app.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      first_name: options.firstName ?? 'Ana',
      last_name: 'Pop',
      title_id: null,
      notifications: 1,
      avatar_id: null,
      email_confirmed_at: now,
      pending_email: null,
      locale: options.locale ?? 'en',
      currency: null,
      passengers_updated_at: now,
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), email, password };
}

/** Signs an account in through the API; answers the session cookie header. */
export async function signIn(app: FastifyInstance, account: TestAccount): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/sign-in',
    remoteAddress: freshClient(),
    payload: { email: account.email, password: account.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}
