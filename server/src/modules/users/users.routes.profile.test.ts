import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CurrentUserResponseSchema } from '@uniquair/contract/users';
import { createAccount, freshEmail, signIn } from '../../../test/helpers/accounts.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { linkIn, tokenIn, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { PASSWORD, usersApi } from '../../../test/helpers/users-api.ts';

describe('the users API', () => {
  const { post, current, confirm, started } = usersApi();
  let app: FastifyInstance, smtp: TestSmtpServer;

  beforeAll(() => {
    ({ app, smtp } = started());
  });

  describe('profile changes', () => {
    const NEW_PASSWORD = 'brand new phrase';

    /** Asks, signed in with `cookie`, for the password to become {@link NEW_PASSWORD}. */
    const changePassword = (
      cookie: string,
      fields: { currentPassword: string; endOtherSessions?: boolean },
    ) =>
      post(
        '/api/users/update-password',
        { ...fields, newPassword: { first: NEW_PASSWORD, second: NEW_PASSWORD } },
        { cookie },
      );

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
        roles: [],
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
      const wrong = await changePassword(here, { currentPassword: 'not it' });
      expect(Object.keys(expectApiError(wrong, 400, 'VALIDATION_ERROR').errors)).toEqual([
        'body.currentPassword',
      ]);
      const response = await changePassword(here, { currentPassword: account.password });
      expect(response.statusCode, response.body).toBe(200);
      expect((await current(here)).isLogged).toBe(true);
      expect((await current(elsewhere)).isLogged).toBe(false);
      expect(
        (await post('/api/users/sign-in', { email: account.email, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('keeps other devices signed in when asked to', async () => {
      const account = await createAccount(app);
      const here = await signIn(app, account);
      const elsewhere = await signIn(app, account);
      const response = await changePassword(here, {
        currentPassword: account.password,
        endOtherSessions: false,
      });
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
});
