import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { InitResponse, RoutesResponse } from '@uniquair/contract/data';
import { vi } from 'vitest';

/**
 * A stand-in for the server in unit tests: `fetch` answers from handlers keyed by
 * `'METHOD /path'` (query strings ignored). A request no handler takes fails the test, so every
 * call the code under test makes is one the test expects.
 */
export type ApiHandler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

export function errorBody(status: number, code: string): Response {
  return json({ success: false, code, errors: {} }, { status });
}

export interface MockApi {
  /** Every request made, as `'METHOD /path'`. */
  readonly calls: string[];
  use(handlers: Record<string, ApiHandler>): void;
}

export function mockApi(handlers: Record<string, ApiHandler>): MockApi {
  const table: Record<string, ApiHandler> = { ...handlers };
  const calls: string[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    calls.push(key);
    const handler = table[key];
    if (!handler) throw new Error(`Unexpected request in a test: ${key}`);
    const body =
      typeof init.body === 'string' && init.body !== ''
        ? (JSON.parse(init.body) as unknown)
        : undefined;
    return handler({ url, method, body, headers: new Headers(init.headers) });
  });
  return {
    calls,
    use(more) {
      Object.assign(table, more);
    },
  };
}

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', ord: 1, rate: 1 };
const eur = { code: 'EUR', name: 'Euro', symbol: '€', ord: 2, rate: 0.9 };

export const testInitData: InitResponse = {
  ticketTypes: [
    { id: 1, name: 'Adult' },
    { id: 2, name: 'Child' },
    { id: 3, name: 'Infant' },
  ],
  countries: [{ code: 'BG', name: 'Bulgaria', nameEn: 'Bulgaria', phoneCode: '359' }],
  titles: [
    { id: 1, name: 'Mr.' },
    { id: 2, name: 'Mrs.' },
  ],
  currencies: { currencies: [usd, eur], currency: usd },
  locale: 'en',
  footerMenus: [
    {
      code: 'partners',
      title: 'Partners',
      items: [{ label: 'Airline partners', url: '/airlines/flights/search' }],
    },
  ],
  paymentProviders: {
    CREDIT_CARD: true,
    PAYPAL: true,
    TRUSTLY: false,
    SILK_PAY: false,
    SILK_PAY_UNION_PAY: false,
    DIRECT_TO_AIRLINE: true,
    REVOLUT_CREDIT_CARD: true,
  },
  affiliate: { affiliate: null },
};

export const testRoutes: RoutesResponse = {
  airports: [
    {
      id: 'SOF',
      name: 'Sofia Airport',
      city: 'Sofia',
      country: 'BG',
      timeZone: 'Europe/Sofia',
      lat: 42.69,
      lon: 23.41,
    },
    {
      id: 'LHR',
      name: 'Heathrow',
      city: 'London',
      country: 'GB',
      timeZone: 'Europe/London',
      lat: 51.47,
      lon: -0.45,
    },
  ],
  routes: [
    { id: 12, from: 'SOF', to: 'LHR', dow: 127, af: '2026-01-01' as Ymd, au: null, rating: 1 },
    { id: 13, from: 'LHR', to: 'SOF', dow: 127, af: '2026-01-01' as Ymd, au: null, rating: 1 },
  ],
};

/** The calls every app start makes: init data, route list, current user (absent: 404). */
export function mockAppApi(extra: Record<string, ApiHandler> = {}): MockApi {
  return mockApi({
    'GET /api/data/init': () => json(testInitData),
    'GET /api/data/routes': () =>
      json(testRoutes, { headers: { 'last-modified': 'Sat, 21 Nov 2026 10:00:00 GMT' } }),
    'GET /api/users/current': () => errorBody(404, 'NOT_FOUND'),
    ...extra,
  });
}
