import { generatePath } from 'react-router';

/**
 * The route table of SPEC.md §2: every screen, legacy and e-mail-link path of the web app, each
 * with its React Router `path` pattern and a `getHref(...)` that builds a concrete URL. Nothing
 * else in the app writes a URL by hand. Dynamic segments are percent-encoded by `generatePath`.
 */

/** Passenger counts as they appear in the search result paths. */
export interface PassengerCounts {
  readonly adults: number;
  readonly children: number;
  readonly infants: number;
}

/** Slugs of the content pages that have their own path (SPEC §2, "content pages"). */
export const CONTENT_PAGE_SLUGS = [
  'terms-and-conditions',
  'travel-protect',
  'crd-compliance',
  'cookie-policy',
  'ecd-compliance',
  'privacy-policy',
] as const;

export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

const SEARCH_RESULTS_PATH = '/flights/:adults/:children/:infants/*';
const SEARCH_RESULTS_MULTI_PATH = '/multi/:adults/:children/:infants/*';

/**
 * `destinations` are already encoded (`route.date.flightOrUnderscore[.fareClass]`, one per leg)
 * and become one path segment each.
 */
function searchHref(
  path: typeof SEARCH_RESULTS_PATH | typeof SEARCH_RESULTS_MULTI_PATH,
  passengers: PassengerCounts,
  destinations: readonly string[],
): string {
  return generatePath(path, {
    adults: String(passengers.adults),
    children: String(passengers.children),
    infants: String(passengers.infants),
    '*': destinations.map(encodeURIComponent).join('/'),
  });
}

/** The query parameter of `signin` that carries the page to return to. */
export const REDIRECT_PARAM = 'redirectTo';

/**
 * The page to go to after signing in: a path of this app (never another site, never the sign-in
 * page itself), or home.
 */
export function safeReturnTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  try {
    const url = new URL(value, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid' || url.pathname === '/signin') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

function fixed<const Path extends string>(path: Path) {
  return { path, getHref: (): Path => path };
}

export const paths = {
  home: fixed('/'),

  flow: {
    path: '/choose/:currentView?',
    getHref: (currentView?: string) =>
      generatePath('/choose/:currentView?', { currentView: currentView ?? null }),
  },

  searchResultsMulti: {
    path: SEARCH_RESULTS_MULTI_PATH,
    getHref: (passengers: PassengerCounts, destinations: readonly string[]) =>
      searchHref(SEARCH_RESULTS_MULTI_PATH, passengers, destinations),
  },

  searchResults: {
    path: SEARCH_RESULTS_PATH,
    getHref: (passengers: PassengerCounts, destinations: readonly string[]) =>
      searchHref(SEARCH_RESULTS_PATH, passengers, destinations),
  },

  bookingPay: {
    path: '/booking/:pnr/pay',
    getHref: (pnr: string) => generatePath('/booking/:pnr/pay', { pnr }),
  },

  /** The payment result paths carry the PNR in lower case. */
  paymentSuccess: {
    path: '/payment/:pnr/success',
    getHref: (pnr: string) => generatePath('/payment/:pnr/success', { pnr: pnr.toLowerCase() }),
  },

  paymentPaypalFundingDenied: {
    path: '/payment/:pnr/paypal/funding-denied',
    getHref: (pnr: string) =>
      generatePath('/payment/:pnr/paypal/funding-denied', { pnr: pnr.toLowerCase() }),
  },

  paymentPaypalDenied: {
    path: '/payment/:pnr/paypal/denied',
    getHref: (pnr: string) =>
      generatePath('/payment/:pnr/paypal/denied', { pnr: pnr.toLowerCase() }),
  },

  paymentFailure: {
    path: '/payment/:pnr/failure',
    getHref: (pnr: string) => generatePath('/payment/:pnr/failure', { pnr: pnr.toLowerCase() }),
  },

  /** Future bookings. */
  bookings: fixed('/bookings'),

  /** All bookings, paged; the page defaults to 1. Sign-in required. */
  bookingsAll: {
    path: '/bookings/all/:page?',
    getHref: (page = 1) => generatePath('/bookings/all/:page?', { page: String(page) }),
  },

  booking: {
    path: '/bookings/:pnr',
    getHref: (pnr: string) => generatePath('/bookings/:pnr', { pnr }),
  },

  ticket: {
    path: '/bookings/:pnr/flight/:flightIndex/ticket/:ticketIndex',
    getHref: (pnr: string, flightIndex: number, ticketIndex: number) =>
      generatePath('/bookings/:pnr/flight/:flightIndex/ticket/:ticketIndex', {
        pnr,
        flightIndex: String(flightIndex),
        ticketIndex: String(ticketIndex),
      }),
  },

  /** A trip shared by its traveller: read-only, no sign-in (a share link's token, 40 hex). */
  sharedBooking: {
    path: '/shared-booking/:token',
    getHref: (token: string) => generatePath('/shared-booking/:token', { token }),
  },

  bookingSupportTicketOpen: {
    path: '/bookings/:pnr/open-ticket',
    getHref: (pnr: string) => generatePath('/bookings/:pnr/open-ticket', { pnr }),
  },

  /** Redirects to the support tickets list. */
  support: fixed('/support/'),

  supportTickets: fixed('/support/tickets/'),

  supportTicketsOpen: fixed('/support/tickets/open'),

  supportTicket: {
    path: '/support/ticket/:id',
    getHref: (id: number) => generatePath('/support/ticket/:id', { id: String(id) }),
  },

  /** The support team's queue (the `support_agent` role). */
  supportDesk: fixed('/support/desk'),

  supportDeskTicket: {
    path: '/support/desk/:id',
    getHref: (id: number) => generatePath('/support/desk/:id', { id: String(id) }),
  },

  account: fixed('/account'),
  register: fixed('/register'),

  /** Sign-in; `redirectTo` is where to go once signed in (a path of this app). */
  signin: {
    path: '/signin',
    getHref: (redirectTo?: string) =>
      redirectTo
        ? `/signin?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`
        : '/signin',
  },

  recover: fixed('/recover'),

  reset: {
    path: '/reset/:token',
    getHref: (token: string) => generatePath('/reset/:token', { token }),
  },

  /** E-mail link: confirms an address (a new account's, or a changed one) and signs in. */
  confirmEmail: {
    path: '/confirm-email/:token',
    getHref: (token: string) => generatePath('/confirm-email/:token', { token }),
  },

  /** Where an e-mailed sign-in link lands after `/api/users/{token}/login`. */
  signinLink: {
    path: '/signin/link/:token',
    getHref: (token: string) => generatePath('/signin/link/:token', { token }),
  },

  /** The content page with slug `contact-us`. */
  contactUs: fixed('/contact-us'),

  /** The airline-facing search page ('not for passengers'); no auth guard. */
  airlinesFlightsSearch: fixed('/airlines/flights/search'),

  termsAndConditions: fixed('/terms-and-conditions'),
  travelProtect: fixed('/travel-protect'),
  crdCompliance: fixed('/crd-compliance'),
  cookiePolicy: fixed('/cookie-policy'),
  ecdCompliance: fixed('/ecd-compliance'),
  privacyPolicy: fixed('/privacy-policy'),

  /** Any other single alphanumeric/dash path is a content page with that slug. */
  pageBySlug: {
    path: '/:slug',
    getHref: (slug: string) => generatePath('/:slug', { slug }),
  },

  /** E-mail link: hands off to the server, which finishes the booking. */
  legacyBookingFinish: {
    path: '/:locale/booking/:pnr/finish/:token',
    getHref: (locale: string, pnr: string, token: string) =>
      generatePath('/:locale/booking/:pnr/finish/:token', { locale, pnr, token }),
    getServerHref: (pnr: string, token: string) =>
      generatePath('/api/booking/:pnr/finish/:token', { pnr, token }),
  },

  /** E-mail link: hands off to the server, which signs the user in. */
  legacyUserLogin: {
    path: '/:locale/users/:token/login',
    getHref: (locale: string, token: string) =>
      generatePath('/:locale/users/:token/login', { locale, token }),
    getServerHref: (token: string) => generatePath('/api/users/:token/login', { token }),
  },

  /** E-mail link: hands off to the server, which verifies a support e-mail address. */
  legacySupportEmailVerify: {
    path: '/:locale/support/email/:token/verify',
    getHref: (locale: string, token: string) =>
      generatePath('/:locale/support/email/:token/verify', { locale, token }),
    getServerHref: (token: string) => generatePath('/api/support/email/:token/verify', { token }),
  },

  /** E-mail link: hands off to the server, which opens a booking without a password. */
  legacyLoginQuick: {
    path: '/:locale/clients/login-quick/:pnr/:token',
    getHref: (locale: string, pnr: string, token: string) =>
      generatePath('/:locale/clients/login-quick/:pnr/:token', { locale, pnr, token }),
    getServerHref: (pnr: string, token: string) =>
      generatePath('/api/booking/login-quick/:pnr/:token', { pnr, token }),
  },

  /** Old path; redirects to `register`. */
  legacyRegister: {
    path: '/:locale/users/register',
    getHref: (locale: string) => generatePath('/:locale/users/register', { locale }),
  },

  /** Old path; redirects to `signin`. */
  legacySignIn: {
    path: '/:locale/users/sign-in',
    getHref: (locale: string) => generatePath('/:locale/users/sign-in', { locale }),
  },

  /** Old path; redirects to the support tickets list. */
  legacySupportTicketsList: {
    path: '/:locale/support/tickets/list',
    getHref: (locale: string) => generatePath('/:locale/support/tickets/list', { locale }),
  },

  /** Old path; redirects to opening a ticket. */
  legacySupportTicketOpen: {
    path: '/:locale/support/ticket/open',
    getHref: (locale: string) => generatePath('/:locale/support/ticket/open', { locale }),
  },

  /** Old path; redirects to the ticket page. */
  legacySupportTicketView: {
    path: '/:locale/support/ticket/:id/view',
    getHref: (locale: string, id: number) =>
      generatePath('/:locale/support/ticket/:id/view', { locale, id: String(id) }),
  },

  /** A search view under a locale prefix. */
  localeSearch: {
    path: '/:locale/search',
    getHref: (locale: string) => generatePath('/:locale/search', { locale }),
  },

  /** Catch-all: the not-found page. */
  notFound: { path: '*' },
} as const;

export type RouteName = keyof typeof paths;
