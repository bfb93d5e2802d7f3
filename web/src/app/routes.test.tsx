import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_STORAGE_KEY } from '../lib/currency.tsx';
import { LOCALE_STORAGE_KEY } from '../lib/i18n.ts';
import { errorBody, json, mockAppApi, noAnswer } from '../testing/mock-api.ts';
import { findPageHeading, renderApp } from '../testing/render-app.tsx';

const TOKEN = 'a'.repeat(40);

describe('routes of SPEC §2', () => {
  it.each([
    ['/choose', 'Choose your flights'],
    ['/choose/passengers', 'Choose your flights'],
    ['/booking/AB12CD3/pay', 'Pay for booking AB12CD3'],
    // Nobody is thanked before the booking is known.
    ['/payment/ab12cd3/success', 'Booking AB12CD3'],
    ['/payment/ab12cd3/paypal/funding-denied', 'Funding denied'],
    ['/payment/ab12cd3/paypal/denied', 'Payment Denied'],
    ['/payment/ab12cd3/failure', 'Payment Failure'],
    ['/bookings', 'My bookings'],
    ['/bookings/AB12CD3', 'Booking AB12CD3'],
    ['/bookings/AB12CD3/flight/0/ticket/1', 'Ticket 2 of flight 1, booking AB12CD3'],
    ['/register', 'Register'],
    ['/signin', 'Sign in'],
    ['/recover', 'Recover your password'],
    [`/reset/${TOKEN}`, 'Choose a new password'],
    ['/airlines/flights/search', 'not for passengers'],
    ['/en/search', 'Find flights'],
  ])('%s is titled "Uniquair - %s"', async (url, title) => {
    // The title does not wait for the booking of the booking pages.
    mockAppApi({ 'GET /api/booking/AB12CD3/get': noAnswer });
    renderApp(url);
    await waitFor(() => expect(document.title).toBe(`Uniquair - ${title}`), { timeout: 10_000 });
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('renders the payment texts of the spec', async () => {
    mockAppApi();
    renderApp('/payment/ab12cd3/paypal/funding-denied');
    await findPageHeading('Funding denied');
    expect(
      screen.getByText(
        'PayPal denied your payment. We did not charge your account. Please review your PayPal account settings or choose another payment method.',
      ),
    ).toBeDefined();
  });

  it.each([
    '/booking/AB12/pay',
    '/booking/AB12CD3X/pay',
    '/payment/AB12CD3/success',
    '/bookings/AB-12CD/flight/0/ticket/1',
    '/bookings/AB12CD3/flight/x/ticket/1',
    '/bookings/all/0',
    '/bookings/all/first',
    '/support/ticket/abc',
    '/reset/short-token',
    '/en/users/short/login',
    '/EN/users/register',
    '/not_a_slug!',
    '/a/b/c/d',
  ])('%s breaks a constraint and shows Not Found', async (url) => {
    mockAppApi();
    renderApp(url);
    expect(await findPageHeading('Not Found')).toBeDefined();
    expect(
      screen.getByText('We could not find this page. Please check the address for typos.'),
    ).toBeDefined();
  });

  it('shows a content page by slug with the HTML the server sends', async () => {
    const api = mockAppApi({
      'GET /api/data/page/about-us': ({ url }) =>
        json({
          id: 9,
          slug: 'about-us',
          locale: url.searchParams.get('locale') ?? 'en',
          title: 'About us',
          html: '<p>We fly <strong>unique</strong> routes.</p>',
          updatedAt: '2026-11-01T00:00:00.000Z',
        }),
    });
    renderApp('/about-us');
    expect(await findPageHeading('About us')).toBeDefined();
    expect(screen.getByText('unique').tagName).toBe('STRONG');
    await waitFor(() => expect(document.title).toBe('Uniquair - About us'));
    expect(api.calls).toContain('GET /api/data/page/about-us');
  });

  it('shows Not Found for a slug the server does not know', async () => {
    mockAppApi({ 'GET /api/data/page/no-such-page': () => errorBody(404, 'NOT_FOUND') });
    renderApp('/no-such-page');
    expect(await findPageHeading('Not Found')).toBeDefined();
  });

  it('redirects /support/ to the tickets list, which sends an anonymous visitor to sign in', async () => {
    mockAppApi();
    const { router } = renderApp('/support/');
    expect(await findPageHeading('Sign in')).toBeDefined();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?redirectTo=%2Fsupport%2Ftickets%2F');
  });
});

describe('legacy and e-mail-link routes', () => {
  it.each([
    ['/de/users/register', '/register', ''],
    ['/de/users/sign-in', '/signin', ''],
    ['/en/support/tickets/list', '/signin', '?redirectTo=%2Fsupport%2Ftickets%2F'],
    ['/en/support/ticket/open', '/signin', '?redirectTo=%2Fsupport%2Ftickets%2Fopen'],
  ])('%s redirects to %s%s', async (url, pathname, search) => {
    mockAppApi();
    const { router } = renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 10_000 });
    expect(router.state.location.search).toBe(search);
  });

  it('/en/support/ticket/42/view redirects to the ticket, unguarded (a visitor may hold its e-mailed link’s cookie)', async () => {
    mockAppApi({ 'GET /api/support/tickets/42': () => errorBody(404, 'NOT_FOUND') });
    const { router } = renderApp('/en/support/ticket/42/view');
    expect(
      await screen.findByText('This ticket could not be found.', {}, { timeout: 10_000 }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/support/ticket/42');
  });

  it.each([
    [`/en/booking/AB12CD3/finish/${TOKEN}`, `/api/booking/AB12CD3/finish/${TOKEN}`],
    [`/de/users/${TOKEN}/login`, `/api/users/${TOKEN}/login`],
    [`/ru/support/email/${TOKEN}/verify`, `/api/support/email/${TOKEN}/verify`],
    [`/en/clients/login-quick/AB12CD3/${TOKEN}`, `/api/booking/login-quick/AB12CD3/${TOKEN}`],
  ])('%s hands off to the server at %s', async (url, serverPath) => {
    mockAppApi();
    const replace = vi.fn();
    // `href`: requests are resolved against it.
    vi.stubGlobal('location', { ...window.location, href: window.location.href, replace });
    try {
      renderApp(url);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(serverPath), { timeout: 10_000 });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** A search API whose every search is done at once, with no flights. */
const searchApi = () => ({
  'POST /api/search/init': ({ body }: { body: unknown }) => {
    const route = (body as { destinations: { route: number; date: string }[] }).destinations[0];
    return json({
      success: true,
      hash: route?.route === 12 ? 'a'.repeat(32) : 'b'.repeat(32),
      status: 'done',
      progress: 100,
      result: {
        currency: 'USD',
        passengers: { adults: 2, children: 1, infants: 0 },
        results: [
          {
            route: route?.route,
            date: route?.date,
            cheapestPrice: null,
            complete: true,
            flights: [],
          },
        ],
        routes: [],
        airports: [],
      },
    });
  },
  [`GET /api/search/result/${'a'.repeat(32)}`]: () => new Response(null, { status: 304 }),
  [`GET /api/search/result/${'b'.repeat(32)}`]: () => new Response(null, { status: 304 }),
  // The search editor's "To" field lists the departure's destinations, cheapest first.
  'GET /api/cheapest-price/SOF/offers': () =>
    json({
      success: true,
      airport: 'SOF',
      currency: 'USD',
      from: '2026-11-20',
      until: '2026-12-18',
      offers: [],
    }),
  'GET /api/cheapest-price/days/12/2026/11': () => json({ success: true, days: [] }),
  'GET /api/cheapest-price/days/12/2026/12': () => json({ success: true, days: [] }),
  'GET /api/cheapest-price/days/13/2026/12': () => json({ success: true, days: [] }),
});

/**
 * The search fixtures fly in December 2026; the clock is held a little before so that the dates
 * stay in the future whenever the suite runs. Only `Date` is faked: timers run as usual.
 */
function holdClockBeforeTheFixtures() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe('search result routes', () => {
  holdClockBeforeTheFixtures();

  it('shows the legs of a valid search', async () => {
    mockAppApi(searchApi());
    renderApp('/flights/2/1/0/12.2026-12-01._/13.2026-12-08._');
    expect(await findPageHeading('Flights from Sofia to London')).toBeDefined();
    expect(screen.getByText('2 adults, 1 child, 0 infants')).toBeDefined();
    expect(screen.getByText('Tuesday, December 1, 2026')).toBeDefined();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Return flight: London to Sofia' }),
    ).toBeDefined();
  });

  it('drops an unknown route and moves a non-return pair to multi', async () => {
    mockAppApi(searchApi());
    const { router } = renderApp('/flights/1/0/0/12.2026-12-01._/99.2026-12-02._');
    await findPageHeading('Flights from Sofia to London');
    expect(router.state.location.pathname).toBe('/flights/1/0/0/12.2026-12-01._');
  });

  it('goes home when no destination is left', async () => {
    mockAppApi();
    const { router } = renderApp('/multi/1/0/0/99.2026-12-01._');
    await findPageHeading('Unique routes, unique moments');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('overlays', () => {
  holdClockBeforeTheFixtures();

  it('opens the basket for #basket and closes it with Escape', async () => {
    const user = userEvent.setup();
    mockAppApi();
    const { router } = renderApp('/bookings#basket');
    const dialog = await screen.findByRole('dialog', { name: 'Basket' });
    expect(await within(dialog).findByText('You have not chosen any flights yet.')).toBeDefined();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Basket' })).toBeNull();
  });

  it('opens the search editor for #edit with the search filled in', async () => {
    mockAppApi(searchApi());
    renderApp('/flights/1/0/0/12.2026-12-01._#edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit search' });
    expect(
      (await within(dialog).findByRole('radio', { name: 'One-way' })).getAttribute('checked'),
    ).not.toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveProperty(
      'value',
      'Sofia (SOF)',
    );
  });
});

describe('start-up', () => {
  it("shows 'There was an error.' when the init data cannot be loaded", async () => {
    mockAppApi({
      'GET /api/data/init': () => errorBody(500, 'INTERNAL_ERROR'),
      'POST /api/error/save': () => json({ success: true }),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'There was an error.' }, { timeout: 10_000 }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});

describe('shell', () => {
  it('has the signed-out drawer with every item and the version', async () => {
    const user = userEvent.setup();
    mockAppApi();
    renderApp('/');
    await findPageHeading('Unique routes, unique moments');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of [
      'Find flights',
      'My bookings',
      'Contact us',
      'Register',
      'Sign in',
      'Terms and conditions',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeDefined();
    }
    expect(within(drawer).queryByRole('link', { name: 'Support' })).toBeNull();
    expect(within(drawer).getByRole('group', { name: 'Language' })).toBeDefined();
    expect(within(drawer).getByRole('group', { name: 'Currency' })).toBeDefined();
    expect(
      within(drawer).getByText('This browser does not offer installing the app right now.'),
    ).toBeDefined();
    expect(within(drawer).getByText('The latest version loads with every visit.')).toBeDefined();
    expect(within(drawer).getByText('Version 0.7.0')).toBeDefined();
  });

  it('shows the payment logos of the enabled providers and the partner menus', async () => {
    mockAppApi();
    renderApp('/');
    await findPageHeading('Unique routes, unique moments');
    const footer = screen.getByRole('contentinfo');
    const logos = within(footer)
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt'));
    expect(logos).toEqual(['Credit and debit cards', 'PayPal']);
    expect(within(footer).getByRole('navigation', { name: 'Partners' })).toBeDefined();
    for (const name of [
      'Travel Protect',
      'Privacy policy',
      'Cookie policy',
      'CRD compliance',
      'ECD compliance',
      'Support',
    ]) {
      expect(within(footer).getByRole('link', { name })).toBeDefined();
    }
  });
});

describe('language and currency', () => {
  /** Opens the home page in English and its language and currency picker. */
  async function openLanguageAndCurrency(user: UserEvent) {
    renderApp('/');
    await findPageHeading('Unique routes, unique moments');
    await user.click(screen.getByRole('button', { name: 'Language and currency: EN, USD' }));
    return screen.findByRole('dialog', { name: 'Language and currency' });
  }

  it('switches the language at once, tells the server, and keeps it after a failed call', async () => {
    const user = userEvent.setup();
    const api = mockAppApi({
      'POST /api/data/locale/de/select': () => errorBody(503, 'SERVICE_UNAVAILABLE'),
    });
    const picker = await openLanguageAndCurrency(user);
    await user.click(within(picker).getByRole('radio', { name: 'Deutsch' }));
    expect(await findPageHeading('Einzigartige Routen, einzigartige Momente')).toBeDefined();
    expect(
      await screen.findByText('Keine Verbindung möglich, bitte später erneut versuchen'),
    ).toBeDefined();
    expect(api.calls).toContain('POST /api/data/locale/de/select');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    // Without a currency of their own, the visitor's currency follows the language.
    expect(screen.getByRole('button', { name: 'Sprache und Währung: DE, EUR' })).toBeDefined();
  });

  it("switches the currency at once and says 'unable to connect, try later' when the server cannot be told", async () => {
    const user = userEvent.setup();
    const api = mockAppApi({
      'POST /api/data/currency/EUR/select': () => errorBody(503, 'SERVICE_UNAVAILABLE'),
    });
    const picker = await openLanguageAndCurrency(user);
    expect(within(picker).getByText('$1 = €0.90')).toBeDefined();
    await user.click(within(picker).getByRole('radio', { name: /Euro \(EUR\)/ }));
    expect(await screen.findByText('unable to connect, try later')).toBeDefined();
    expect(api.calls).toContain('POST /api/data/currency/EUR/select');
    expect(within(picker).getByText('€1 = $1.11')).toBeDefined();
    expect(window.localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('EUR');
  });
});
