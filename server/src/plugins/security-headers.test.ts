import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../test/helpers/build.ts';
import { securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  const testApp = useTestApp();

  it('are worked out once, from helmet, with HSTS only over HTTPS', () => {
    const plain = new Map(securityHeaders(false));
    expect(plain.get('x-content-type-options')).toBe('nosniff');
    expect(plain.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(plain.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.get('content-security-policy')).toContain("object-src 'none'");
    // Styles only from files of our origin: no inline style attributes or injected elements.
    expect(plain.get('content-security-policy')).toContain("style-src 'self';");
    expect(plain.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(plain.has('strict-transport-security')).toBe(false);
    const secure = new Map(securityHeaders(true));
    expect(secure.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(secure.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it.each([
    ['an API answer', '/api/health'],
    ['a cached data answer', '/api/data/routes'],
    ['a 404', '/api/no-such-thing'],
    ['a 400', '/api/data/EN/titles'],
  ])('are on %s', async (_label, url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    for (const [name, value] of securityHeaders(false)) {
      expect(response.headers[name], name).toBe(value);
    }
  });
});

describe('security headers with third-party scripts configured', () => {
  it('allow exactly the configured script origins, and nothing else outside ours', () => {
    const none = new Map(securityHeaders(false)).get('content-security-policy') ?? '';
    expect(none).toContain("script-src 'self';");
    expect(none).toContain("frame-src 'none'");
    const csp =
      new Map(securityHeaders(false, ['https://stats.example', 'https://chat.example'])).get(
        'content-security-policy',
      ) ?? '';
    expect(csp).toContain("script-src 'self' https://stats.example https://chat.example");
    expect(csp).toContain("connect-src 'self' https://stats.example https://chat.example");
    expect(csp).toContain('frame-src https://stats.example https://chat.example');
  });

  it('are sent by an app built with VITE_ANALYTICS_URL and VITE_LIVE_CHAT_URL', async () => {
    const testApp = await buildTestApp({
      VITE_ANALYTICS_URL: 'https://stats.example/tracker.js?site=1',
      VITE_LIVE_CHAT_URL: 'https://chat.example/widget.js',
    });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['content-security-policy']).toContain(
        "script-src 'self' https://stats.example https://chat.example",
      );
    } finally {
      await testApp.close();
    }
  });
});
