import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { buildApp } from '../app.ts';
import { loggerOptions } from '../config/logging.ts';
import { loadConfig } from '../config/env.ts';
import { maskLinkTokens } from './mask-link-tokens.ts';
import { testConfig } from '../../test/helpers/build.ts';

const TOKEN = '0123456789abcdef0123456789abcdef01234567';

describe('maskLinkTokens', () => {
  it('hides link tokens and session-sized secrets in paths', () => {
    expect(maskLinkTokens(`/api/users/${TOKEN}/login`)).toBe('/api/users/[token]/login');
    expect(maskLinkTokens(`/api/users/password/${TOKEN}/reset?x=1`)).toBe(
      '/api/users/password/[token]/reset?x=1',
    );
    expect(maskLinkTokens(`/en/booking/AB12CD3/finish/${TOKEN}`)).toBe(
      '/en/booking/AB12CD3/finish/[token]',
    );
    expect(maskLinkTokens(`/x/${'A'.repeat(43)}`)).toBe('/x/[token]');
  });

  it('hides the booking hand-off tokens of e-mailed links', () => {
    expect(maskLinkTokens(`/api/booking/AB12CD3/finish/${TOKEN}`)).toBe(
      '/api/booking/AB12CD3/finish/[token]',
    );
    expect(maskLinkTokens(`/api/booking/login-quick/AB12CD3/${TOKEN}`)).toBe(
      '/api/booking/login-quick/AB12CD3/[token]',
    );
    expect(
      maskLinkTokens(`/api/booking/login-quick/ab12cd3/${TOKEN.toUpperCase()}?from=mail`),
    ).toBe('/api/booking/login-quick/ab12cd3/[token]?from=mail');
  });

  it('leaves ordinary paths alone', () => {
    for (const path of ['/api/booking/AB12CD3/get', '/api/data/routes', `/a/${'b'.repeat(39)}`]) {
      expect(maskLinkTokens(path)).toBe(path);
    }
  });

  it('is what the request log writes', () => {
    const options = loggerOptions(loadConfig({ NODE_ENV: 'test' })) as {
      serializers: { req: (request: { method: string; url: string; ip: string }) => unknown };
    };
    expect(
      options.serializers.req({ method: 'GET', url: `/api/users/${TOKEN}/login`, ip: '10.0.0.1' }),
    ).toEqual({ method: 'GET', url: '/api/users/[token]/login', remoteAddress: '10.0.0.1' });
  });

  it('keeps tokens out of the real request log', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const config = testConfig(database.url, {
      LOG_LEVEL: 'info',
    });
    const options = loggerOptions(config) as Record<string, unknown>;
    const app = await buildApp({
      config,
      database,
      logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const response = await app.inject({ method: 'GET', url: `/api/users/${TOKEN}/login` });
      expect(response.statusCode).toBe(302);
      expect(lines.some((line) => line.includes('/api/users/[token]/login'))).toBe(true);
      expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
