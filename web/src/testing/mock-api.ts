import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import type { InitResponse, RoutesResponse } from '@uniquair/contract/data';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { mockServer } from './mock-server.ts';

/**
 * The API of a unit test, as handlers of the mock server keyed by `'METHOD /path'` (query strings
 * ignored): each becomes an MSW handler (`http.get('/path', …)`, `http.post(…)`). A request no
 * handler takes fails the test (`onUnhandledRequest: 'error'`), so every call the code under
 * test makes is one the test expects. A handler that throws a `TypeError` (or answers
 * {@link noAnswer}) is a request the browser could not send.
 */
export type ApiHandler = (request: {
  url: URL;
  method: string;
  /** The JSON body, parsed; undefined for none or a form. */
  body: unknown;
  /** The multipart form's fields and files, when the request sent one. */
  form?: FormData | undefined;
  headers: Headers;
}) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** The API's error answer: `status`, its `code`, and the messages by field (`_`: the whole request). */
export function errorBody(
  status: number,
  code: string,
  errors: Readonly<Record<string, readonly string[]>> = {},
): Response {
  return json({ success: false, code, errors }, { status });
}

/** No answer at all: the browser's `fetch` fails as it does offline. */
export function noAnswer(): Response {
  return HttpResponse.error();
}

/** An answer that never comes (until the request is aborted). */
export function neverAnswers(): Promise<Response> {
  return new Promise(() => undefined);
}

export interface MockApi {
  /** Every request made, as `'METHOD /path'`. */
  readonly calls: string[];
  /** Adds handlers, or replaces those with the same keys. */
  use(handlers: Record<string, ApiHandler>): void;
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
  HEAD: http.head,
} as const;

function toHandlers(handlers: Record<string, ApiHandler>): HttpHandler[] {
  return Object.entries(handlers).map(([key, handler]) => {
    const [method = '', path = ''] = key.split(' ');
    if (!(method in METHODS)) throw new Error(`Unknown method in a mocked API: ${key}`);
    // Any origin, like the keys: the card gateway is on an origin of its own.
    return METHODS[method as keyof typeof METHODS](`*${path}`, async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      const text = type.includes('json') ? await request.text() : '';
      const form = type.includes('multipart/form-data') ? await request.formData() : undefined;
      try {
        return await handler({
          url: new URL(request.url),
          method: request.method,
          body: text === '' ? undefined : (JSON.parse(text) as unknown),
          form,
          headers: request.headers,
        });
      } catch (error) {
        // A handler that throws the browser's `TypeError` plays a lost connection.
        if (error instanceof TypeError) return HttpResponse.error();
        throw error;
      }
    });
  });
}

/** Answers the test's requests from `handlers` alone (those of an earlier call are dropped). */
export function mockApi(handlers: Record<string, ApiHandler>): MockApi {
  const calls: string[] = [];
  mockServer.resetHandlers(...toHandlers(handlers));
  mockServer.events.removeAllListeners('request:start');
  mockServer.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return {
    calls,
    use(more) {
      mockServer.use(...toHandlers(more));
    },
  };
}

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', ord: 1, rate: 1 };
const eur = { code: 'EUR', name: 'Euro', symbol: '€', ord: 2, rate: 0.9 };

export const testInitData: InitResponse = {
  testPayments: false,
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
    // The account page lists the signed-in traveller's price watches: none unless the test says.
    'GET /api/price-watch': () => json({ success: true, watches: [] }),
    ...extra,
    // Unless the test prices them, the results page's flexible dates have no prices (after the
    // test's own handlers, which take precedence).
    ...Object.fromEntries(
      Object.entries(NO_FLEXIBLE_PRICES).filter(([key]) => !Object.hasOwn(extra, key)),
    ),
  });
}

/** The price calls of the flexible dates, answered without a price. */
const NO_FLEXIBLE_PRICES: Record<string, ApiHandler> = {
  'GET /api/cheapest-price/days/:routeId/:year/:month': ({ url }) => {
    const [routeId = 0, year = 0, month = 0] = url.pathname.split('/').slice(-3).map(Number);
    return json({ success: true, route: routeId, year, month, currency: 'USD', days: [] });
  },
  'GET /api/cheapest-price/grid/:outRouteId/:backRouteId': ({ url }) => {
    const [outRoute = 0, backRoute = 0] = url.pathname.split('/').slice(-2).map(Number);
    const days = (center: string | null) =>
      Array.from({ length: 7 }, (_, index) => addDays((center ?? '') as Ymd, index - 3));
    const outDays = days(url.searchParams.get('out'));
    const backDays = days(url.searchParams.get('back'));
    return json({
      success: true,
      outRoute,
      backRoute,
      bags: Number(url.searchParams.get('bags') ?? 0),
      currency: 'USD',
      outDays,
      backDays,
      cells: outDays.flatMap((out) =>
        backDays.map((back) => ({ out, back, price: null, rating: null })),
      ),
    });
  },
};

/** The signed-in traveller of the tests, as `GET /api/users/current` describes her. */
export const testUser = {
  firstName: 'Ana',
  lastName: 'Petrova',
  email: 'ana@example.com',
  avatar: null,
  notifications: true,
  titleId: null,
  emailConfirmed: true,
  pendingEmail: null,
  locale: 'en',
  roles: [] as 'support_agent'[],
};

/** The answer of `GET /api/users/current` for a signed-in traveller ({@link testUser}, changed). */
export function signedInAs(changes: Record<string, unknown> = {}) {
  return { success: true, isLogged: true, user: { ...testUser, ...changes } };
}
