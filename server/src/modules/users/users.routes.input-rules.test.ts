import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, freshClient, freshEmail, signIn } from '../../../test/helpers/accounts.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { linkIn, tokenIn, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { PASSWORD, usersApi } from '../../../test/helpers/users-api.ts';
import { USER_RATE_LIMITS } from './users.rate-limits.ts';

/** NIST SP 800-63B §5.1.1.2: new passwords are checked against common ones and the address. */
describe('passwords that are easy to guess', () => {
  const { post, started } = usersApi();
  let app: FastifyInstance, smtp: TestSmtpServer;

  beforeAll(() => {
    ({ app, smtp } = started());
  });

  const register = (email: string, password: string) =>
    post('/api/users/register', { firstName: 'Ana', lastName: 'Pop', email, password });

  it('refuses common passwords at registration, in any case', async () => {
    for (const password of ['password', '12345678', 'PassWord', 'iloveyou', 'qwertyuiop']) {
      const body = expectApiError(
        await register(freshEmail(), password),
        400,
        'PASSWORD_TOO_COMMON',
      );
      expect(Object.keys(body.errors)).toEqual(['body.password']);
      expect(body.errors['body.password']?.[0]).toMatch(/too common/);
    }
    const taken = await register(freshEmail(), 'a long secret phrase');
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('refuses a password equal to or containing the local part of the address', async () => {
    for (const password of ['traveller.ana', 'my-traveller.ana-2026', 'TRAVELLER.ANA!']) {
      const response = await register('traveller.ana@example.com', password);
      expectApiError(response, 400, 'PASSWORD_CONTAINS_EMAIL');
    }
  });

  it('refuses them when the password is changed or reset', async () => {
    const account = await createAccount(app);
    const cookie = await signIn(app, account);
    const change = await post(
      '/api/users/update-password',
      {
        currentPassword: account.password,
        newPassword: { first: 'Password1', second: 'Password1' },
      },
      { cookie },
    );
    const changeBody = expectApiError(change, 400, 'PASSWORD_TOO_COMMON');
    expect(Object.keys(changeBody.errors)).toEqual(['body.newPassword.first']);

    await post('/api/users/recover', { email: account.email });
    const mail = await smtp.waitFor(
      (item) => item.to.includes(account.email) && /\/reset\//.test(item.text),
    );
    const token = tokenIn(linkIn(mail, /^\/reset\//));
    const common = await post(`/api/users/password/${token}/reset`, {
      newPassword: { first: 'sunshine1', second: 'sunshine1' },
    });
    expectApiError(common, 400, 'PASSWORD_TOO_COMMON');
    // The link is still good for a better password.
    const reset = await post(`/api/users/password/${token}/reset`, {
      newPassword: { first: 'a quiet harbour at dawn', second: 'a quiet harbour at dawn' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});

describe('account names', () => {
  const { post, started } = usersApi();
  let app: FastifyInstance;

  beforeAll(() => {
    ({ app } = started());
  });

  const message = 'Use only letters, spaces, apostrophes, hyphens and dots';

  it('refuses markup and control characters in names at registration and in the profile', async () => {
    const register = await post('/api/users/register', {
      firstName: '<script>alert(2)</script>',
      lastName: 'Pop',
      email: freshEmail(),
      password: 'a long secret phrase',
    });
    const registerErrors = expectApiError(register, 400, 'VALIDATION_ERROR').errors;
    expect(Object.entries(registerErrors)).toEqual([
      [expect.stringMatching(/firstName$/), [message]],
    ]);

    const cookie = await signIn(app, await createAccount(app));
    const profile = await post(
      '/api/users/update-profile',
      { firstName: 'Ana', lastName: '{{7*7}}', titleId: null, notifications: true },
      { cookie },
    );
    const profileErrors = expectApiError(profile, 400, 'VALIDATION_ERROR').errors;
    expect(Object.entries(profileErrors)).toEqual([
      [expect.stringMatching(/lastName$/), [message]],
    ]);

    const accepted = await post(
      '/api/users/update-profile',
      { firstName: 'Zoë', lastName: 'D’Angelo-Núñez', titleId: null, notifications: true },
      { cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

/** Limits: strict per account and e-mail address, generous per client address (a carrier NAT). */
describe('limits behind one shared address', () => {
  const { post, started } = usersApi();
  let app: FastifyInstance;

  beforeAll(() => {
    ({ app } = started());
  });

  it('lets many travellers behind one address register, but not one address be flooded', async () => {
    const nat = freshClient();
    for (let index = 0; index < 15; index += 1) {
      const response = await post(
        '/api/users/register',
        { firstName: 'Ana', lastName: 'Pop', email: freshEmail('nat'), password: PASSWORD },
        { client: nat },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const email = freshEmail('flooded');
    for (let index = 0; index < USER_RATE_LIMITS.registerPerAddress.max; index += 1) {
      const response = await post('/api/users/register', {
        firstName: 'Ana',
        lastName: 'Pop',
        email,
        password: PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const blocked = await post(
      '/api/users/register',
      { firstName: 'Ana', lastName: 'Pop', email: email.toUpperCase(), password: PASSWORD },
      { headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    );
    const body = expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.errors._).toEqual([
      'Zu viele Versuche. Bitte versuchen Sie es in 60 Minuten erneut.',
    ]);
  });

  it('answers a route limit with the error body, a translated message and Retry-After', async () => {
    const account = await createAccount(app);
    const cookie = await signIn(app, account);
    const change = () =>
      post(
        '/api/users/update-email',
        { email: freshEmail(), password: 'not the password' },
        { cookie, headers: { cookie: `${cookie}; uq_locale=fr` } },
      );
    for (let index = 0; index < USER_RATE_LIMITS.reauthentication.max; index += 1) {
      expect((await change()).statusCode).toBe(400);
    }
    const blocked = await change();
    const body = expectApiError(blocked, 429, 'TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.errors._).toEqual(['Trop de tentatives. Veuillez réessayer dans 1 minute.']);
    // Per session: the same account elsewhere, behind the same address, is not affected.
    const other = await signIn(app, account);
    const elsewhere = await post(
      '/api/users/update-email',
      { email: freshEmail(), password: 'not the password' },
      { cookie: other },
    );
    expect(elsewhere.statusCode).toBe(400);
  });
});
