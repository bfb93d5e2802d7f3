import { describe, expect, it } from 'vitest';
import { createAccount, freshClient } from '../../test/helpers/accounts.ts';
import { useTestApp } from '../../test/helpers/build.ts';
import { secretHash } from '../lib/secret-hash.ts';
import { sessionCookieName } from './session.ts';

describe('the session cookie over HTTPS', () => {
  const test = useTestApp({ PUBLIC_URL: 'https://fly.example.com' });

  it('is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, on / without a domain', async () => {
    const account = await createAccount(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      remoteAddress: freshClient(),
      headers: { origin: 'https://fly.example.com' },
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    const raw = String(response.headers['set-cookie']);
    expect(raw).toMatch(/^__Host-uq_sid=[A-Za-z0-9_-]{43};/);
    expect(raw).toContain('Secure');
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/');
    expect(raw).not.toMatch(/Domain=/i);

    const cookie = response.cookies.find((item) => item.name === '__Host-uq_sid');
    const current = await test.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { cookie: `__Host-uq_sid=${cookie?.value ?? ''}` },
    });
    expect(current.json()).toMatchObject({ isLogged: true });
    // Without the prefix the same value is not a session.
    const plain = await test.app.inject({
      method: 'GET',
      url: '/api/users/current',
      headers: { cookie: `uq_sid=${cookie?.value ?? ''}` },
    });
    expect(plain.json()).toMatchObject({ isLogged: false });
  });

  it('names the cookie by scheme and stores ids only as their SHA-256', () => {
    expect(sessionCookieName(true)).toBe('__Host-uq_sid');
    expect(sessionCookieName(false)).toBe('uq_sid');
    expect(secretHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
