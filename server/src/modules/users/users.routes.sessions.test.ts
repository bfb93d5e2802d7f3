import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SentResponseSchema } from '@uniquair/contract/users';
import {
  createAccount,
  freshClient,
  freshEmail,
  sessionCookieOf,
  signIn,
} from '../../../test/helpers/accounts.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { linkIn, tokenIn, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { usersApi } from '../../../test/helpers/users-api.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { USER_RATE_LIMITS } from './users.rate-limits.ts';
import { TOKEN_LIFETIME_MS } from './users.mailer.ts';

describe('the users API', () => {
  const { clock, post, current, started } = usersApi();
  let app: FastifyInstance, smtp: TestSmtpServer;

  beforeAll(() => {
    ({ app, smtp } = started());
  });

  describe('sessions', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie on the whole site', async () => {
      const account = await createAccount(app);
      const response = await post('/api/users/sign-in', {
        email: account.email,
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((item) => item.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.domain).toBeUndefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.maxAge).toBe(30 * 86_400);
      // Only the id's hash is stored.
      const stored = await app.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', account.id)
        .execute();
      expect(stored).toEqual([{ id_hash: secretHash(cookie?.value ?? '') }]);
    });

    it('issues a new session id at sign-in and ends the one the browser had', async () => {
      const account = await createAccount(app);
      const before = await signIn(app, account);
      const response = await post(
        '/api/users/sign-in',
        { email: account.email, password: account.password },
        { cookie: before },
      );
      const after = sessionCookieOf(response);
      expect(after).not.toBe(before);
      expect((await current(before)).isLogged).toBe(false);
      expect((await current(after)).isLogged).toBe(true);
    });

    it('signs out on the server: the old cookie no longer works', async () => {
      const account = await createAccount(app);
      const cookie = await signIn(app, account);
      const response = await post('/api/users/sign-out', undefined, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, isLogged: false, user: null });
      expect(response.headers['clear-site-data']).toBe('"cache"');
      const cleared = response.cookies.find((item) => item.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect((await current(cookie)).isLogged).toBe(false);
      const update = await post(
        '/api/users/update-profile',
        { firstName: 'A', lastName: 'B', titleId: null, notifications: true },
        { cookie },
      );
      expectApiError(update, 401, 'ERROR_UNAUTHORIZED');
    });

    it('ends a session idle for longer than allowed, and at its absolute end', async () => {
      const start = clock.now();
      try {
        const account = await createAccount(app);
        const idle = await signIn(app, account);
        clock.advance(23 * 3_600_000);
        expect((await current(idle)).isLogged).toBe(true);
        clock.advance(23 * 3_600_000);
        expect((await current(idle)).isLogged).toBe(true);
        clock.advance(25 * 3_600_000);
        expect((await current(idle)).isLogged).toBe(false);

        // Used every 20 hours, a session still ends 30 days after sign-in.
        const active = await signIn(app, account);
        for (let step = 0; step < 35; step += 1) {
          clock.advance(20 * 3_600_000);
          expect((await current(active)).isLogged).toBe(true);
        }
        clock.advance(20 * 3_600_000);
        expect((await current(active)).isLogged).toBe(false);
      } finally {
        clock.set(start);
      }
    });
  });

  describe('POST /api/users/sign-in', () => {
    it('says "Incorrect email or password" for a wrong password and an unknown address alike', async () => {
      const account = await createAccount(app);
      const wrong = await post('/api/users/sign-in', {
        email: account.email,
        password: 'not the password',
      });
      const unknown = await post('/api/users/sign-in', {
        email: freshEmail('nobody'),
        password: 'not the password',
      });
      const wrongBody = expectApiError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(wrongBody.errors).toEqual({ _: ['Incorrect email or password'] });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    });

    it('takes the address in any case and with spaces around it', async () => {
      const account = await createAccount(app);
      const response = await post('/api/users/sign-in', {
        email: `  ${account.email.toUpperCase()} `,
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses the 11th wrong password in a minute with 429 and Retry-After, but not another client', async () => {
      const account = await createAccount(app);
      const client = freshClient();
      for (let attempt = 1; attempt <= USER_RATE_LIMITS.signInFailures.max; attempt += 1) {
        const response = await post(
          '/api/users/sign-in',
          { email: account.email, password: `wrong ${attempt}` },
          { client },
        );
        expectApiError(response, 401, 'INVALID_CREDENTIALS');
      }
      const blocked = await post(
        '/api/users/sign-in',
        { email: account.email, password: account.password },
        { client },
      );
      expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The real user, elsewhere, still signs in: no lock-out of the account.
      const elsewhere = await post('/api/users/sign-in', {
        email: account.email,
        password: account.password,
      });
      expect(elsewhere.statusCode).toBe(200);
    });
  });

  describe('recovery', () => {
    it('answers the same for known and unknown addresses, e-mailing only the known one', async () => {
      const account = await createAccount(app);
      const unknownAddress = freshEmail('nobody');
      const known = await post('/api/users/recover', { email: account.email });
      const unknown = await post('/api/users/recover', { email: unknownAddress });
      expect(known.statusCode).toBe(200);
      expect(SentResponseSchema.parse(known.json())).toEqual({ success: true });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      const mail = await smtp.waitFor((item) => item.to.includes(account.email));
      expect(mail.subject).toBe('Choose a new password');
      expect(mail.text).toContain('30 minutes');
      await app.mail.flush();
      expect(smtp.received.some((item) => item.to.includes(unknownAddress))).toBe(false);
    });

    it('resets the password with the link once, ending every session', async () => {
      const account = await createAccount(app);
      const oldSession = await signIn(app, account);
      await post('/api/users/recover', { email: account.email });
      const mail = await smtp.waitFor(
        (item) => item.to.includes(account.email) && /\/reset\//.test(item.text),
      );
      const token = tokenIn(linkIn(mail, /^\/reset\//));

      const mismatch = await post(`/api/users/password/${token}/reset`, {
        newPassword: { first: 'new secret phrase', second: 'new secret phrase!' },
      });
      const mismatchBody = expectApiError(mismatch, 400, 'VALIDATION_ERROR');
      expect(Object.keys(mismatchBody.errors)).toEqual(['body.newPassword.second']);

      const reset = await post(`/api/users/password/${token}/reset`, {
        newPassword: { first: 'new secret phrase', second: 'new secret phrase' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ success: true, isLogged: false, user: null });
      expect(reset.headers['referrer-policy']).toBe('no-referrer');
      expect((await current(oldSession)).isLogged).toBe(false);
      expectApiError(
        await post('/api/users/sign-in', { email: account.email, password: account.password }),
        401,
        'INVALID_CREDENTIALS',
      );
      const signedIn = await post('/api/users/sign-in', {
        email: account.email,
        password: 'new secret phrase',
      });
      expect(signedIn.statusCode).toBe(200);

      const again = await post(`/api/users/password/${token}/reset`, {
        newPassword: { first: 'third secret phrase', second: 'third secret phrase' },
      });
      const body = expectApiError(again, 410, 'LINK_EXPIRED');
      expect(body.errors).toEqual({ _: ['Your recovery link has expired'] });
      await smtp.waitFor(
        (item) =>
          item.to.includes(account.email) && item.subject === 'Your password has been changed',
      );
    });

    it("says 'Your recovery link has expired' after 30 minutes", async () => {
      const account = await createAccount(app);
      await post('/api/users/recover', { email: account.email });
      const mail = await smtp.waitFor(
        (item) => item.to.includes(account.email) && /\/reset\//.test(item.text),
      );
      const token = tokenIn(linkIn(mail, /^\/reset\//));
      const start = clock.now();
      clock.advance(TOKEN_LIFETIME_MS.recover + 1000);
      const response = await post(`/api/users/password/${token}/reset`, {
        newPassword: { first: 'new secret phrase', second: 'new secret phrase' },
      });
      clock.set(start);
      const body = expectApiError(response, 410, 'LINK_EXPIRED');
      expect(body.errors._).toEqual(['Your recovery link has expired']);
    });

    it('limits requests per address: the 6th in an hour is 429', async () => {
      const account = await createAccount(app);
      for (let request = 1; request <= USER_RATE_LIMITS.linkRequestsPerAddress.max; request += 1) {
        expect((await post('/api/users/recover', { email: account.email })).statusCode).toBe(200);
      }
      const blocked = await post('/api/users/recover', { email: account.email });
      expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });

  describe('sign-in links', () => {
    it('e-mails a link under the user’s locale that hands off to the API and signs in once', async () => {
      const account = await createAccount(app, { locale: 'fr', firstName: 'Léa' });
      const request = await post('/api/users/login-link', { email: account.email });
      expect(request.json()).toEqual({ success: true });
      const mail = await smtp.waitFor(
        (item) => item.to.includes(account.email) && item.subject === 'Votre lien de connexion',
      );
      expect(mail.text).toContain('Bonjour Léa,');
      const link = linkIn(mail, /^\/fr\/users\/[0-9a-f]{40}\/login$/);
      const token = tokenIn(link);

      // Opening the link (as a mail scanner would, many times) uses nothing.
      for (let visit = 0; visit < 3; visit += 1) {
        const opened = await app.inject({ method: 'GET', url: `/api/users/${token}/login` });
        expect(opened.statusCode).toBe(302);
        expect(opened.headers.location).toBe(`/signin/link/${token}`);
        expect(opened.headers['referrer-policy']).toBe('no-referrer');
      }
      const used = await post(`/api/users/${token}/login`, undefined);
      expect(used.statusCode, used.body).toBe(200);
      expect((await current(sessionCookieOf(used))).user?.email).toBe(account.email);
      expectApiError(await post(`/api/users/${token}/login`, undefined), 410, 'LINK_EXPIRED');
    });

    it('expires after 10 minutes', async () => {
      const account = await createAccount(app);
      await post('/api/users/login-link', { email: account.email });
      const mail = await smtp.waitFor(
        (item) => item.to.includes(account.email) && /\/users\/[0-9a-f]{40}\/login/.test(item.text),
      );
      const token = tokenIn(linkIn(mail, /\/login$/));
      const start = clock.now();
      clock.advance(TOKEN_LIFETIME_MS.login + 1000);
      const response = await post(`/api/users/${token}/login`, undefined);
      clock.set(start);
      expectApiError(response, 410, 'LINK_EXPIRED');
    });
  });
});
