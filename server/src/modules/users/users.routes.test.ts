import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUserResponseSchema, SentResponseSchema } from '@uniquair/contract/users';
import {
  createAccount,
  freshClient,
  freshEmail,
  sessionCookieOf,
  signIn,
} from '../../../test/helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  linkIn,
  startSmtpServer,
  tokenIn,
  type TestSmtpServer,
} from '../../../test/helpers/smtp.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { USER_RATE_LIMITS } from './users.routes.ts';
import { TOKEN_LIFETIME_MS } from './users.service.ts';

const PASSWORD = 'a long secret phrase';

describe('the users API', () => {
  let smtp: TestSmtpServer;
  let test: TestApp;
  let app: FastifyInstance;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await buildTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Uniquair <no-reply@uniquair.test>' },
      { clock: clock.now },
    );
    app = test.app;
  });

  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const post = (
    url: string,
    payload: unknown,
    options: { cookie?: string; client?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: options.client ?? freshClient(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });

  const current = async (cookie?: string) => {
    const response = await app.inject({
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

  describe('GET /api/users/current', () => {
    it('answers an anonymous visitor with isLogged false, never cached', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/users/current' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, isLogged: false, user: null });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('treats a malformed or unknown session cookie as anonymous', async () => {
      expect((await current(`${SESSION_COOKIE}=not-a-session`)).isLogged).toBe(false);
      expect((await current(`${SESSION_COOKIE}=${'A'.repeat(43)}`)).isLogged).toBe(false);
    });
  });

  describe('registration and the confirmation e-mail', () => {
    it('answers with no session, and e-mails a confirmation link over SMTP in the visitor’s language', async () => {
      const email = freshEmail('register');
      const { response, mail, token } = await registerAndReadLink(email, {
        'accept-language': 'de-DE,de;q=0.9',
      });
      expect(CurrentUserResponseSchema.parse(response.json())).toEqual({
        success: true,
        isLogged: false,
        user: null,
      });
      expect(response.cookies.find((item) => item.name === SESSION_COOKIE)).toBeUndefined();
      expect(mail.from).toBe('no-reply@uniquair.test');
      expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
      expect(mail.text).toContain('Hallo Ana,');
      expect(mail.text).toContain('24 Stunden');
      expect(mail.lang).toBe('de');
      expect(mail.html).toContain(`/confirm-email/${token}`);
      expect(token).toMatch(/^[0-9a-f]{40}$/);

      // Only the token's hash is stored; the outbox forgets the text once it is sent.
      const stored = await app.db
        .selectFrom('user_tokens')
        .innerJoin('users', 'users.id', 'user_tokens.user_id')
        .select(['user_tokens.token_hash', 'users.email_confirmed_at', 'users.password_hash'])
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(secretHash(token));
      expect(stored.email_confirmed_at).toBeNull();
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await app.mail.flush();
      const outbox = await app.db
        .selectFrom('mail_outbox')
        .select(['status', 'text_body'])
        .where('to_address', '=', email)
        .execute();
      expect(outbox).toEqual([{ status: 'sent', text_body: '' }]);
    });

    it('answers a known address exactly like a new one, telling its owner instead', async () => {
      const { email } = await registered();
      const fresh = await post('/api/users/register', {
        firstName: 'Ana',
        lastName: 'Pop',
        email: freshEmail('unknown'),
        password: PASSWORD,
      });
      const known = await post('/api/users/register', {
        firstName: 'Eve',
        lastName: 'Mallory',
        email: email.toUpperCase(),
        password: 'another password',
      });
      expect(known.statusCode).toBe(fresh.statusCode);
      expect(known.body).toBe(fresh.body);
      const notice = await smtp.waitFor(
        (mail) => mail.to.includes(email) && mail.subject === 'You already have an account',
      );
      expect(linkIn(notice, /^\/signin$/)).toBe('http://localhost:3000/signin');
      // The account is unchanged: the old password still works, the new one does not.
      const wrong = await post('/api/users/sign-in', { email, password: 'another password' });
      expectApiError(wrong, 401, 'INVALID_CREDENTIALS');
    });

    it('refuses invalid fields with every field named', async () => {
      const response = await post('/api/users/register', {
        firstName: ' ',
        lastName: 'x'.repeat(101),
        email: 'not-an-address',
        password: 'short',
      });
      const body = expectApiError(response, 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors).sort()).toEqual([
        'body.email',
        'body.firstName',
        'body.lastName',
        'body.password',
      ]);
    });

    it('ignores fields it does not know (isAdmin, emailConfirmed)', async () => {
      const email = freshEmail('mass');
      const response = await post('/api/users/register', {
        firstName: 'Ana',
        lastName: 'Pop',
        email,
        password: PASSWORD,
        isAdmin: true,
        emailConfirmed: true,
        email_confirmed_at: '2020-01-01T00:00:00.000Z',
        locale: 'ko',
      });
      expect(response.statusCode).toBe(200);
      const row = await app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.email_confirmed_at).toBeNull();
      expect(row.locale).toBe('en');
      expect(Object.keys(row)).not.toContain('is_admin');
    });

    it('refuses sign-in until the address is confirmed, sending a new link', async () => {
      const email = freshEmail('unconfirmed');
      const { token: first } = await registerAndReadLink(email);
      const response = await post('/api/users/sign-in', { email, password: PASSWORD });
      expectApiError(response, 403, 'EMAIL_NOT_CONFIRMED');
      const again = await smtp.waitFor(
        (mail) =>
          mail.to.includes(email) && /confirm-email/.test(mail.text) && !mail.text.includes(first),
      );
      // The newer link replaces the older one.
      expectApiError(await confirm(first), 410, 'LINK_EXPIRED');
      expect((await confirm(tokenIn(linkIn(again, /^\/confirm-email\//)))).statusCode).toBe(200);
    });

    it('confirms once: the link signs the user in, a second use is 410', async () => {
      const email = freshEmail('confirm');
      const { token } = await registerAndReadLink(email);
      const response = await confirm(token);
      expect(response.statusCode, response.body).toBe(200);
      const answer = CurrentUserResponseSchema.parse(response.json());
      expect(answer).toMatchObject({
        isLogged: true,
        user: { email, firstName: 'Ana', emailConfirmed: true, avatar: null, titleId: null },
      });
      const cookie = sessionCookieOf(response);
      expect((await current(cookie)).user?.email).toBe(email);
      expectApiError(await confirm(token), 410, 'LINK_EXPIRED');
    });

    it('lets exactly one of 20 simultaneous uses of a link succeed', async () => {
      const { token } = await registerAndReadLink(freshEmail('race'));
      const client = freshClient();
      const responses = await Promise.all(Array.from({ length: 20 }, () => confirm(token, client)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 410)).toHaveLength(19);
    });

    it('answers a token that is not 40 hex characters with 400', async () => {
      expectApiError(await confirm('abc'), 400, 'VALIDATION_ERROR');
      expectApiError(await confirm('g'.repeat(40)), 400, 'VALIDATION_ERROR');
    });
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

  describe('profile changes', () => {
    it('updates names, title and notifications, ignoring the e-mail and other fields', async () => {
      const account = await createAccount(app);
      const cookie = await signIn(app, account);
      const response = await post(
        '/api/users/update-profile',
        {
          firstName: ' Maria ',
          lastName: 'Ionescu',
          titleId: 2,
          notifications: false,
          email: 'attacker@example.com',
          isAdmin: true,
          emailConfirmed: false,
          avatar: 'https://evil.example/x.png',
        },
        { cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(CurrentUserResponseSchema.parse(response.json()).user).toEqual({
        firstName: 'Maria',
        lastName: 'Ionescu',
        email: account.email,
        avatar: null,
        notifications: false,
        titleId: 2,
        emailConfirmed: true,
        pendingEmail: null,
        locale: 'en',
      });
      expect(
        await app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'attacker@example.com')
          .execute(),
      ).toEqual([]);
    });

    it('refuses a passenger-only title and missing fields', async () => {
      const cookie = await signIn(app, await createAccount(app));
      const infant = await post(
        '/api/users/update-profile',
        { firstName: 'A', lastName: 'B', titleId: 4, notifications: true },
        { cookie },
      );
      expect(Object.keys(expectApiError(infant, 400, 'VALIDATION_ERROR').errors)).toEqual([
        'body.titleId',
      ]);
      const missing = await post('/api/users/update-profile', { firstName: 'A' }, { cookie });
      expectApiError(missing, 400, 'VALIDATION_ERROR');
    });

    it('answers ERROR_UNAUTHORIZED without a session', async () => {
      for (const [url, payload] of [
        [
          '/api/users/update-profile',
          { firstName: 'A', lastName: 'B', titleId: null, notifications: true },
        ],
        ['/api/users/update-email', { email: freshEmail(), password: PASSWORD }],
        [
          '/api/users/update-password',
          { currentPassword: PASSWORD, newPassword: { first: PASSWORD, second: PASSWORD } },
        ],
      ] as const) {
        expectApiError(await post(url, payload), 401, 'ERROR_UNAUTHORIZED');
      }
    });

    it('changes the e-mail address with the password, once the new address is confirmed', async () => {
      const account = await createAccount(app);
      const cookie = await signIn(app, account);
      const newAddress = freshEmail('moved');

      const wrong = await post(
        '/api/users/update-email',
        { email: newAddress, password: 'not it' },
        { cookie },
      );
      expect(Object.keys(expectApiError(wrong, 400, 'VALIDATION_ERROR').errors)).toEqual([
        'body.password',
      ]);

      const response = await post(
        '/api/users/update-email',
        { email: newAddress, password: account.password },
        { cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(CurrentUserResponseSchema.parse(response.json()).user).toMatchObject({
        email: account.email,
        pendingEmail: newAddress,
      });
      const mail = await smtp.waitFor((item) => item.to.includes(newAddress));
      expect(mail.subject).toBe('Confirm your new e-mail address');
      const confirmed = await confirm(tokenIn(linkIn(mail, /^\/confirm-email\//)));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(CurrentUserResponseSchema.parse(confirmed.json()).user).toMatchObject({
        email: newAddress,
        pendingEmail: null,
      });
      const notice = await smtp.waitFor(
        (item) =>
          item.to.includes(account.email) &&
          item.subject === 'Your e-mail address has been changed',
      );
      expect(notice.text).toContain(newAddress);
      expect(
        (await post('/api/users/sign-in', { email: newAddress, password: account.password }))
          .statusCode,
      ).toBe(200);
    });

    it('changes the password with the current one and signs other devices out', async () => {
      const account = await createAccount(app);
      const here = await signIn(app, account);
      const elsewhere = await signIn(app, account);
      const wrong = await post(
        '/api/users/update-password',
        {
          currentPassword: 'not it',
          newPassword: { first: 'brand new phrase', second: 'brand new phrase' },
        },
        { cookie: here },
      );
      expect(Object.keys(expectApiError(wrong, 400, 'VALIDATION_ERROR').errors)).toEqual([
        'body.currentPassword',
      ]);
      const response = await post(
        '/api/users/update-password',
        {
          currentPassword: account.password,
          newPassword: { first: 'brand new phrase', second: 'brand new phrase' },
        },
        { cookie: here },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((await current(here)).isLogged).toBe(true);
      expect((await current(elsewhere)).isLogged).toBe(false);
      expect(
        (await post('/api/users/sign-in', { email: account.email, password: 'brand new phrase' }))
          .statusCode,
      ).toBe(200);
    });

    it('keeps other devices signed in when asked to', async () => {
      const account = await createAccount(app);
      const here = await signIn(app, account);
      const elsewhere = await signIn(app, account);
      const response = await post(
        '/api/users/update-password',
        {
          currentPassword: account.password,
          newPassword: { first: 'brand new phrase', second: 'brand new phrase' },
          endOtherSessions: false,
        },
        { cookie: here },
      );
      expect(response.statusCode).toBe(200);
      expect((await current(elsewhere)).isLogged).toBe(true);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a foreign Origin or a cross-site fetch before changing anything', async () => {
      const account = await createAccount(app);
      const cookie = await signIn(app, account);
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { referer: 'https://evil.example/page' },
      ];
      for (const headers of foreign) {
        const response = await post(
          '/api/users/update-profile',
          { firstName: 'Evil', lastName: 'Eve', titleId: null, notifications: false },
          { cookie, headers },
        );
        expectApiError(response, 403, 'FORBIDDEN');
      }
      expect((await current(cookie)).user?.firstName).toBe('Ana');
    });

    it('accepts the site’s own origin', async () => {
      const cookie = await signIn(app, await createAccount(app));
      for (const origin of ['http://localhost:3000', 'http://app.example:8080']) {
        const response = await post(
          '/api/users/update-profile',
          { firstName: 'Ana', lastName: 'Pop', titleId: 1, notifications: true },
          {
            cookie,
            headers: { origin, host: new URL(origin).host, 'sec-fetch-site': 'same-origin' },
          },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it('refuses bodies that are not JSON (forms, text) with 415', async () => {
      const account = await createAccount(app);
      const cookie = await signIn(app, account);
      for (const [type, payload] of [
        [
          'text/plain',
          JSON.stringify({ firstName: 'X', lastName: 'Y', titleId: null, notifications: true }),
        ],
        ['application/x-www-form-urlencoded', 'firstName=X&lastName=Y&notifications=true'],
        [
          'multipart/form-data; boundary=b',
          '--b\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nX\r\n--b--\r\n',
        ],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/users/update-profile',
          headers: { cookie, 'content-type': type },
          payload,
        });
        expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
      const signOut = await app.inject({
        method: 'POST',
        url: '/api/users/sign-out',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expectApiError(signOut, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect((await current(cookie)).isLogged).toBe(true);
    });
  });

  describe('the development mailbox', () => {
    it('lists the held e-mails with their links when no SMTP server is set', async () => {
      const held = await buildTestApp();
      try {
        const email = freshEmail('mailbox');
        const response = await held.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { firstName: 'Ana', lastName: '<b>Pop</b>', email, password: PASSWORD },
        });
        expect(response.statusCode).toBe(200);
        const page = await held.app.inject({ method: 'GET', url: '/dev/mailbox' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain(`data-to="${email}"`);
        expect(page.body).toMatch(
          /<a href="http:\/\/localhost:3000\/confirm-email\/[0-9a-f]{40}">/,
        );
        expect(page.body).toContain('Confirm your e-mail address');
        const [row] = await held.app.db
          .selectFrom('mail_outbox')
          .select('status')
          .where('to_address', '=', email)
          .execute();
        expect(row?.status).toBe('held');
      } finally {
        await held.close();
      }
    });

    it('does not exist in production', async () => {
      const production = await buildTestApp({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(40),
      });
      try {
        const page = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
        expectApiError(page, 404, 'NOT_FOUND');
      } finally {
        await production.close();
      }
    });
  });

  it('documents every users endpoint in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, method] of [
      ['/api/users/current', 'get'],
      ['/api/users/register', 'post'],
      ['/api/users/sign-in', 'post'],
      ['/api/users/sign-out', 'post'],
      ['/api/users/recover', 'post'],
      ['/api/users/login-link', 'post'],
      ['/api/users/password/{token}/reset', 'post'],
      ['/api/users/email/{token}/confirm', 'post'],
      ['/api/users/{token}/login', 'get'],
      ['/api/users/{token}/login', 'post'],
      ['/api/users/update-profile', 'post'],
      ['/api/users/update-email', 'post'],
      ['/api/users/update-password', 'post'],
      ['/api/users/upload-avatar', 'post'],
      ['/api/users/avatars/{file}', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
