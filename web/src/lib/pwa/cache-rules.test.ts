import { describe, expect, it } from 'vitest';
import {
  cacheRuleFor,
  isAppNavigation,
  isDataCache,
  isRetiredCache,
  isStorableResponse,
  PUBLIC_DATA_CACHE,
  SEARCH_RESULTS_CACHE,
} from './cache-rules.ts';

const ORIGIN = 'https://app.example';
const get = (path: string, method = 'GET') => cacheRuleFor({ method, url: ORIGIN + path }, ORIGIN);

describe('the service worker cache allow-list', () => {
  it.each([
    '/api/data/init',
    '/api/data/routes',
    '/api/data/currencies',
    '/api/data/ticket-types',
    '/api/data/en/countries',
    '/api/data/pt_BR/titles',
    '/api/data/page/terms-and-conditions?locale=de',
    '/api/cheapest-price/months/12',
    '/api/cheapest-price/days/12/2026/11',
    '/api/cheapest-price/LHR/offers',
  ])('keeps the public read %s in the public cache', (path) => {
    expect(get(path)?.cacheName).toBe(PUBLIC_DATA_CACHE);
  });

  it.each([
    ['/api/data/routes', true],
    ['/api/data/de/countries', true],
    ['/api/data/en/titles', true],
    ['/api/data/page/privacy-policy', true],
    ['/api/data/init', undefined],
    ['/api/cheapest-price/months/12', undefined],
    ['/api/search/result/0123456789abcdef0123456789abcdef', undefined],
  ])('answers %s from the cache while revalidating: %s', (path, expected) => {
    expect(get(path)?.staleWhileRevalidate).toBe(expected);
  });

  it('keeps search results by hash in their own, shorter-lived cache', () => {
    const rule = get('/api/search/result/0123456789abcdef0123456789abcdef');
    expect(rule?.cacheName).toBe(SEARCH_RESULTS_CACHE);
    expect(rule?.maxAgeSeconds).toBeLessThan(get('/api/data/routes')?.maxAgeSeconds ?? 0);
  });

  it.each([
    '/api/users/current',
    '/api/booking/ABC1234/get',
    '/api/booking/future',
    '/api/booking/list',
    '/api/booking/passengers',
    '/api/support/tickets',
    '/api/subscriptions/check',
    '/api/search/status/0123456789abcdef0123456789abcdef',
    '/api/search/result/not-a-hash',
    '/api/data/page/../users/current',
    '/api/data/routes/extra',
    '/api/flight/info/0123456789abcdef0123456789abcdef',
    '/api/booking/ABC1234/invoice.pdf',
  ])('never caches %s', (path) => {
    expect(get(path)).toBeNull();
  });

  it('caches only GET requests of this origin', () => {
    expect(get('/api/data/routes', 'POST')).toBeNull();
    expect(
      cacheRuleFor({ method: 'GET', url: 'https://cdn.example/api/data/routes' }, ORIGIN),
    ).toBeNull();
    expect(cacheRuleFor({ method: 'GET', url: 'not a url' }, ORIGIN)).toBeNull();
  });
});

describe('storable responses', () => {
  const response = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
  });

  it('stores complete answers that do not depend on the session', () => {
    expect(isStorableResponse(response(200, { 'cache-control': 'no-cache' }))).toBe(true);
    expect(isStorableResponse(response(200, { vary: 'Accept-Encoding' }))).toBe(true);
  });

  it('keeps the start-up data, which varies only with the language, currency and partner cookies', () => {
    const rule = get('/api/data/init');
    expect(rule?.varyCookieAllowed).toBe(true);
    expect(isStorableResponse(response(200, { vary: 'Cookie, Accept-Language' }), rule ?? {})).toBe(
      true,
    );
    expect(get('/api/data/routes')?.varyCookieAllowed).toBeFalsy();
    expect(
      get('/api/search/result/0123456789abcdef0123456789abcdef')?.varyCookieAllowed,
    ).toBeFalsy();
  });

  it('refuses errors, partial answers and anything varying by cookie or marked no-store', () => {
    expect(isStorableResponse(response(404))).toBe(false);
    expect(isStorableResponse(response(206))).toBe(false);
    expect(isStorableResponse(response(200, { vary: 'Accept-Encoding, Cookie' }))).toBe(false);
    expect(isStorableResponse(response(200, { vary: '*' }))).toBe(false);
    expect(isStorableResponse(response(200, { 'cache-control': 'private, no-store' }))).toBe(false);
  });
});

describe('navigations and caches', () => {
  it('answers app pages with the shell, never server paths or files', () => {
    expect(isAppNavigation('/')).toBe(true);
    expect(isAppNavigation('/bookings/ABC1234/flight/0/ticket/0')).toBe(true);
    expect(isAppNavigation('/terms-and-conditions')).toBe(true);
    expect(isAppNavigation('/api/users/current')).toBe(false);
    expect(isAppNavigation('/api')).toBe(false);
    expect(isAppNavigation('/spp/search/ssestatus/x')).toBe(false);
    expect(isAppNavigation('/dev/mailbox')).toBe(false);
    expect(isAppNavigation('/sandbox-gateway/pay/pay_123')).toBe(false);
    expect(isAppNavigation('/metrics')).toBe(false);
    expect(isAppNavigation('/metrics-and-more')).toBe(true);
    expect(isAppNavigation('/manifest.webmanifest')).toBe(false);
  });

  it('tells data caches from the precached app code', () => {
    expect(isDataCache(PUBLIC_DATA_CACHE)).toBe(true);
    expect(isDataCache('uniquair-data-v1')).toBe(true);
    expect(isDataCache('workbox-precache-v2-https://app.example/')).toBe(false);
  });

  it('retires the data caches no rule fills, and only those', () => {
    expect(isRetiredCache('uniquair-data-v1')).toBe(true);
    expect(isRetiredCache('uniquair-public-v0')).toBe(true);
    expect(isRetiredCache(PUBLIC_DATA_CACHE)).toBe(false);
    expect(isRetiredCache(SEARCH_RESULTS_CACHE)).toBe(false);
    expect(isRetiredCache('workbox-precache-v2-https://app.example/')).toBe(false);
  });
});
