import { CurrentUserResponseSchema } from '@uniquair/contract/users';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { freshClient, freshEmail, sessionCookieOf } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';
import { testClock, type TestClock } from './clock.ts';
import { linkIn, startSmtpServer, tokenIn, type TestSmtpServer } from './smtp.ts';

export const PASSWORD = 'a long secret phrase';

interface PostOptions {
  cookie?: string;
  client?: string;
  headers?: Record<string, string>;
}

/**
 * The users API of an app that sends its e-mails to a local SMTP server, on a test clock, with
 * the calls the users tests make. Call it inside a `describe`: it starts the app and the SMTP
 * server before the tests and stops them after; `started()` answers them once running.
 */
export function usersApi() {
  const clock: TestClock = testClock();
  let smtp: TestSmtpServer;
  let test: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await buildTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Uniquair <no-reply@uniquair.test>' },
      { clock: clock.now },
    );
  });

  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, options: PostOptions = {}) =>
    test.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: options.client ?? freshClient(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });

  const current = async (cookie?: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(200);
    return CurrentUserResponseSchema.parse(response.json());
  };

  /** Registers an address and answers the confirmation link's token from the received e-mail. */
  const registerAndReadLink = async (email: string, headers: Record<string, string> = {}) => {
    const response = await post(
      '/api/users/register',
      { firstName: 'Ana', lastName: 'Pop', email, password: PASSWORD },
      { headers },
    );
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitFor(
      (item) => item.to.includes(email) && /confirm-email/.test(item.text),
    );
    return { response, mail, token: tokenIn(linkIn(mail, /^\/confirm-email\//)) };
  };

  const confirm = (token: string, client?: string) =>
    post(`/api/users/email/${token}/confirm`, undefined, { client });

  /** A confirmed, signed-in account created through the API; answers its cookie. */
  const registered = async (email = freshEmail()) => {
    const { token } = await registerAndReadLink(email);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { email, cookie: sessionCookieOf(confirmed) };
  };

  const started = (): { app: FastifyInstance; smtp: TestSmtpServer } => ({ app: test.app, smtp });

  return { clock, post, current, registerAndReadLink, confirm, registered, started };
}
