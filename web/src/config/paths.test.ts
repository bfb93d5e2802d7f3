import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SLUGS, paths, type RouteName } from './paths.ts';

const passengers = { adults: 2, children: 1, infants: 0 };
const destinations = ['12.2026-07-01._', '34.2026-07-09.5501.Y'];

describe('paths.getHref', () => {
  it.each<[string, string]>([
    [paths.home.getHref(), '/'],
    [paths.flow.getHref(), '/choose'],
    [paths.flow.getHref('passengers'), '/choose/passengers'],
    [
      paths.searchResults.getHref(passengers, destinations),
      '/flights/2/1/0/12.2026-07-01._/34.2026-07-09.5501.Y',
    ],
    [
      paths.searchResultsMulti.getHref(passengers, destinations),
      '/multi/2/1/0/12.2026-07-01._/34.2026-07-09.5501.Y',
    ],
    [paths.bookingPay.getHref('AB12CD3'), '/booking/AB12CD3/pay'],
    [paths.paymentSuccess.getHref('AB12CD3'), '/payment/ab12cd3/success'],
    [paths.paymentPaypalFundingDenied.getHref('AB12CD3'), '/payment/ab12cd3/paypal/funding-denied'],
    [paths.paymentPaypalDenied.getHref('AB12CD3'), '/payment/ab12cd3/paypal/denied'],
    [paths.paymentFailure.getHref('AB12CD3'), '/payment/ab12cd3/failure'],
    [paths.bookings.getHref(), '/bookings'],
    [paths.bookingsAll.getHref(), '/bookings/all/1'],
    [paths.bookingsAll.getHref(3), '/bookings/all/3'],
    [paths.booking.getHref('AB12CD3'), '/bookings/AB12CD3'],
    [paths.ticket.getHref('AB12CD3', 0, 2), '/bookings/AB12CD3/flight/0/ticket/2'],
    [paths.bookingSupportTicketOpen.getHref('AB12CD3'), '/bookings/AB12CD3/open-ticket'],
    [paths.support.getHref(), '/support/'],
    [paths.supportTickets.getHref(), '/support/tickets/'],
    [paths.supportTicketsOpen.getHref(), '/support/tickets/open'],
    [paths.supportTicket.getHref(42), '/support/ticket/42'],
    [paths.supportDesk.getHref(), '/support/desk'],
    [paths.supportDeskTicket.getHref(42), '/support/desk/42'],
    [paths.account.getHref(), '/account'],
    [paths.register.getHref(), '/register'],
    [paths.signin.getHref(), '/signin'],
    [paths.recover.getHref(), '/recover'],
    [paths.reset.getHref('f'.repeat(40)), `/reset/${'f'.repeat(40)}`],
    [paths.confirmEmail.getHref('f'.repeat(40)), `/confirm-email/${'f'.repeat(40)}`],
    [paths.signinLink.getHref('f'.repeat(40)), `/signin/link/${'f'.repeat(40)}`],
    [paths.contactUs.getHref(), '/contact-us'],
    [paths.airlinesFlightsSearch.getHref(), '/airlines/flights/search'],
    [paths.termsAndConditions.getHref(), '/terms-and-conditions'],
    [paths.pageBySlug.getHref('about-us'), '/about-us'],
    [
      paths.legacyBookingFinish.getServerHref('AB12CD3', 'a'.repeat(40)),
      `/api/booking/AB12CD3/finish/${'a'.repeat(40)}`,
    ],
    [paths.legacyUserLogin.getServerHref('tok'), '/api/users/tok/login'],
    [paths.legacySupportEmailVerify.getServerHref('tok'), '/api/support/email/tok/verify'],
    [
      paths.legacyLoginQuick.getServerHref('AB12CD3', 'tok'),
      '/api/booking/login-quick/AB12CD3/tok',
    ],
  ])('%s', (href, expected) => {
    expect(href).toBe(expected);
  });

  it('percent-encodes dynamic segments', () => {
    expect(paths.reset.getHref('a/b c')).toBe('/reset/a%2Fb%20c');
    expect(paths.searchResults.getHref(passengers, ['1.2026-07-01.a/b'])).toBe(
      '/flights/2/1/0/1.2026-07-01.a%2Fb',
    );
  });

  it('has a path for each content page slug', () => {
    const contentPages = [
      paths.termsAndConditions,
      paths.travelProtect,
      paths.crdCompliance,
      paths.cookiePolicy,
      paths.ecdCompliance,
      paths.privacyPolicy,
    ];
    expect(contentPages.map((page) => page.getHref())).toEqual(
      CONTENT_PAGE_SLUGS.map((slug) => `/${slug}`),
    );
  });
});

/** The routes the app links to: every one but the catch-all and the inbound-only old addresses. */
type LinkedRoute = Exclude<RouteName, 'notFound' | 'localeSearch' | `legacy${string}`>;

/** Arguments that make a valid href for each route the app links to. */
const sampleHrefs: Record<LinkedRoute, string> = {
  home: paths.home.getHref(),
  flow: paths.flow.getHref('x'),
  searchResultsMulti: paths.searchResultsMulti.getHref(passengers, destinations),
  searchResults: paths.searchResults.getHref(passengers, destinations),
  bookingPay: paths.bookingPay.getHref('AB12CD3'),
  paymentSuccess: paths.paymentSuccess.getHref('AB12CD3'),
  paymentPaypalFundingDenied: paths.paymentPaypalFundingDenied.getHref('AB12CD3'),
  paymentPaypalDenied: paths.paymentPaypalDenied.getHref('AB12CD3'),
  paymentFailure: paths.paymentFailure.getHref('AB12CD3'),
  bookings: paths.bookings.getHref(),
  bookingsAll: paths.bookingsAll.getHref(2),
  booking: paths.booking.getHref('AB12CD3'),
  ticket: paths.ticket.getHref('AB12CD3', 1, 0),
  sharedBooking: paths.sharedBooking.getHref('0123456789abcdef0123456789abcdef01234567'),
  bookingSupportTicketOpen: paths.bookingSupportTicketOpen.getHref('AB12CD3'),
  support: paths.support.getHref(),
  supportTickets: paths.supportTickets.getHref(),
  supportTicketsOpen: paths.supportTicketsOpen.getHref(),
  supportTicket: paths.supportTicket.getHref(5),
  supportDesk: paths.supportDesk.getHref(),
  supportDeskTicket: paths.supportDeskTicket.getHref(5),
  account: paths.account.getHref(),
  register: paths.register.getHref(),
  signin: paths.signin.getHref(),
  recover: paths.recover.getHref(),
  reset: paths.reset.getHref('tok'),
  confirmEmail: paths.confirmEmail.getHref('tok'),
  signinLink: paths.signinLink.getHref('tok'),
  contactUs: paths.contactUs.getHref(),
  airlinesFlightsSearch: paths.airlinesFlightsSearch.getHref(),
  termsAndConditions: paths.termsAndConditions.getHref(),
  travelProtect: paths.travelProtect.getHref(),
  crdCompliance: paths.crdCompliance.getHref(),
  cookiePolicy: paths.cookiePolicy.getHref(),
  ecdCompliance: paths.ecdCompliance.getHref(),
  privacyPolicy: paths.privacyPolicy.getHref(),
  pageBySlug: paths.pageBySlug.getHref('about-us'),
};

describe('paths', () => {
  it.each(Object.entries(sampleHrefs))('%s: its href matches its own pattern', (name, href) => {
    const { path } = paths[name as keyof typeof sampleHrefs];
    expect(matchPath(path, href)?.pathname).toBe(href);
  });

  it.each<[string, string, Record<string, string>]>([
    [
      paths.legacyBookingFinish.path,
      '/de/booking/AB12CD3/finish/tok',
      { locale: 'de', pnr: 'AB12CD3', token: 'tok' },
    ],
    [paths.legacyUserLogin.path, '/en/users/tok/login', { locale: 'en', token: 'tok' }],
    [
      paths.legacySupportEmailVerify.path,
      '/ru/support/email/tok/verify',
      { locale: 'ru', token: 'tok' },
    ],
    [
      paths.legacyLoginQuick.path,
      '/fr/clients/login-quick/AB12CD3/tok',
      { locale: 'fr', pnr: 'AB12CD3', token: 'tok' },
    ],
    [paths.legacyRegister.path, '/en/users/register', { locale: 'en' }],
    [paths.legacySignIn.path, '/en/users/sign-in', { locale: 'en' }],
    [paths.legacySupportTicketsList.path, '/en/support/tickets/list', { locale: 'en' }],
    [paths.legacySupportTicketOpen.path, '/en/support/ticket/open', { locale: 'en' }],
    [paths.legacySupportTicketView.path, '/en/support/ticket/7/view', { locale: 'en', id: '7' }],
    [paths.localeSearch.path, '/ko/search', { locale: 'ko' }],
  ])('old address %s takes %s', (path, href, params) => {
    expect(matchPath(path, href)?.params).toEqual(params);
  });

  it('matches optional and splat parameters the way the spec reads them', () => {
    expect(matchPath(paths.bookingsAll.path, '/bookings/all')?.params.page).toBeUndefined();
    expect(matchPath(paths.flow.path, '/choose')?.params.currentView).toBeUndefined();
    expect(
      matchPath(paths.searchResults.path, paths.searchResults.getHref(passengers, destinations))
        ?.params,
    ).toEqual({ adults: '2', children: '1', infants: '0', '*': destinations.join('/') });
  });
});
