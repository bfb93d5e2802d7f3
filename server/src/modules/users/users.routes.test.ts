import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CurrentUserResponseSchema } from '@uniquair/contract/users';
import { freshClient, freshEmail, sessionCookieOf } from '../../../test/helpers/accounts.ts';
import { buildTestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { linkIn, tokenIn, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { PASSWORD, usersApi } from '../../../test/helpers/users-api.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { PRODUCTION_ENV } from '../../../test/helpers/production-env.ts';

describe('the users API', () => {
  const { post, current, registerAndReadLink, confirm, registered, started } = usersApi();
  let app: FastifyInstance, smtp: TestSmtpServer;

  beforeAll(() => {
    ({ app, smtp } = started());
  });

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

  describe('the development mailbox', () => {
    it('lists the held e-mails with their links when no SMTP server is set', async () => {
      const held = await buildTestApp();
      try {
        const email = freshEmail('mailbox');
        const response = await held.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { firstName: 'Ana', lastName: "O'Pop", email, password: PASSWORD },
        });
        expect(response.statusCode).toBe(200);
        const page = await held.app.inject({ method: 'GET', url: '/dev/mailbox' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        // Its one fixed style is allowed by hash; nothing inline beyond it.
        const csp = String(page.headers['content-security-policy']);
        const hash = createHash('sha256')
          .update(/<style>([\s\S]*)<\/style>/.exec(page.body)?.[1] ?? '')
          .digest('base64');
        expect(csp).toContain(`style-src 'sha256-${hash}'`);
        expect(csp).not.toContain('unsafe-inline');
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
      const production = await buildTestApp(PRODUCTION_ENV);
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
