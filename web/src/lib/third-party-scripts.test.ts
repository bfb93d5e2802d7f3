import { describe, expect, it } from 'vitest';
import { readWebEnv } from '../config/env.ts';
import {
  hasThirdPartyScripts,
  isPaymentPath,
  loadThirdPartyScript,
  readConsent,
  storeConsent,
} from './third-party-scripts.ts';

describe('third-party scripts', () => {
  it.each([
    ['/booking/AB12CD3/pay', true],
    ['/payment/ab12cd3/success', true],
    ['/payment/ab12cd3/paypal/denied', true],
    ['/booking/AB12/pay', false],
    ['/bookings/AB12CD3', false],
    ['/', false],
  ])('%s is a payment page: %s', (path, payment) => {
    expect(isPaymentPath(path)).toBe(payment);
  });

  it('adds each script once, async', () => {
    const page = document.implementation.createHTMLDocument('page');
    expect(hasThirdPartyScripts()).toBe(false);
    expect(loadThirdPartyScript('https://stats.example/a.js', page)).toBe(true);
    expect(loadThirdPartyScript('https://stats.example/a.js', page)).toBe(false);
    const scripts = page.head.querySelectorAll('script[src="https://stats.example/a.js"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    expect(hasThirdPartyScripts()).toBe(true);
  });

  it('remembers the consent answer', () => {
    expect(readConsent()).toBeNull();
    storeConsent('denied');
    expect(readConsent()).toBe('denied');
  });

  it('are off unless configured with absolute http(s) URLs', () => {
    expect(readWebEnv({})).toEqual({ analyticsUrl: undefined, liveChatUrl: undefined });
    expect(
      readWebEnv({
        VITE_ANALYTICS_URL: 'https://stats.example/a.js',
        VITE_LIVE_CHAT_URL: 'javascript:alert(1)',
      }),
    ).toEqual({ analyticsUrl: 'https://stats.example/a.js', liveChatUrl: undefined });
  });
});
