import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestAppServing } from '../../test/helpers/build.ts';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { METRICS_PATH } from './metrics-scrape.ts';

describe('web app serving', () => {
  const testApp = useTestAppServing({
    'index.html': '<!doctype html><title>Uniquair</title><div id="root"></div>',
    'assets/index-abc123.js': 'console.log("app");',
    'robots.txt': 'User-agent: *',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'icons/icon-192.png': 'png',
  });

  it.each([
    '/',
    '/no/such/page',
    '/bookings/ABC1234',
    '/choose',
    '/en/users/register?x=1',
    `${METRICS_PATH}-and-more`,
  ])('answers the app shell for the page path %s', async (url) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets as immutable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/favicon.svg', '/icons/icon-192.png'])(
    'lets browsers keep the images without a hash for a day: %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(
        'public, max-age=86400, stale-while-revalidate=604800',
      );
    },
  );

  it('serves other static files revalidated', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/api/no-such',
    '/api/users/unknown/thing',
    '/api',
    '/spp/nothing',
    '/sp/nothing',
    '/dev/nothing',
    '/sandbox-gateway/nothing',
    `${METRICS_PATH}/nothing`,
  ])('never falls back to the app under server paths: %s', async (url) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html' },
    });
    const body = expectApiError(response, 404, 'NOT_FOUND');
    expect(body.errors._).toEqual(['Nothing was found at this address.']);
  });

  it('answers a missing file with the JSON 404, not the app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it('answers a method an API path does not take with 405 and Allow', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });
    expectApiError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('sends the security headers with the app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('web app serving over HTTPS', () => {
  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const testApp = await buildTestApp({ PUBLIC_URL: 'https://fly.example.com' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await testApp.close();
    }
  });
});

describe('without a built web app', () => {
  it('serves the API and answers page paths with the JSON 404', async () => {
    const testApp = await buildTestApp();
    try {
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const page = await testApp.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html' },
      });
      expectApiError(page, 404, 'NOT_FOUND');
    } finally {
      await testApp.close();
    }
  });
});
