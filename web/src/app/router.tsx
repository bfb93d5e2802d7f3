import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { SearchView } from '@uniquair/domain/search/search-path';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { CONTENT_PAGE_SLUGS, paths } from '../config/paths.ts';
import { NETWORK_ONLY } from '../lib/pwa/network-only.ts';
import {
  pageNumber,
  requireContentSlug,
  requireLinkToken,
  requireLocalePrefix,
  requireLowerCasePnr,
  requireNumber,
  requirePnr,
  requireSignedIn,
  requireTicketId,
  searchResultsRevalidate,
  startupLoader,
} from './loaders.ts';
import { RootErrorBoundary, RootHydrateFallback } from './routes/root-boundaries.tsx';

/**
 * Every route of SPEC §2. The main bundle holds the router, the loaders, the start-up screen and
 * the start-up error page; the shell (root) and every page are lazy modules, fetched while their loaders
 * run (the shell's with the start-up data). Loaders check the parameters (a path that breaks them
 * is Not Found), apply the auth gate and the search route guard; paths come from
 * `config/paths.ts`.
 */
/** The page modules, each loaded when one of its routes is first matched. */
const pages = {
  content: () => import('./routes/content.tsx'),
  handOff: () => import('./routes/hand-off.tsx'),
  home: () => import('./routes/home.tsx'),
  flow: () => import('./routes/flow.tsx'),
  booking: () => import('./routes/booking.tsx'),
  paymentResult: () => import('./routes/payment-result.tsx'),
  bookings: () => import('./routes/bookings.tsx'),
  sharedBooking: () => import('./routes/shared-booking.tsx'),
  support: () => import('./routes/support.tsx'),
  account: () => import('./routes/account.tsx'),
  auth: () => import('./routes/auth.tsx'),
  contact: () => import('./routes/contact.tsx'),
  airlineSearch: () => import('./routes/airline-search.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
};

/** A route's page component, from its module loaded when the route is first matched. */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

function Redirecting() {
  return null;
}

/**
 * The booking and pay pages take the device token a server hand-off page put in the fragment
 * (`#device-token=…`) before the page reads the booking, and clear it from the address. The
 * device's booking store loads with those pages, not at start-up.
 */
async function adoptHandOff(pnr: string): Promise<string> {
  if (typeof window !== 'undefined') {
    (await import('../lib/hand-off-token.ts')).adoptHandOffToken(pnr);
  }
  return pnr;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guarded =
    <T,>(load: (args: { params: Record<string, string | undefined>; request: Request }) => T) =>
    async (args: { params: Record<string, string | undefined>; request: Request }) => {
      // Parameters first: a malformed address is Not Found for everyone.
      const result = load(args);
      await requireSignedIn(queryClient, args.request);
      return result;
    };
  const redirectTo = (to: (params: Record<string, string | undefined>) => string) => ({
    loader: ({ params }: { params: Record<string, string | undefined> }) => {
      requireLocalePrefix(params);
      return redirect(to(params));
    },
    // Never shown: the loader redirects or throws Not Found first.
    Component: Redirecting,
  });
  const content = (slug: string) => ({
    loader: () => ({ slug }),
    lazy: page(pages.content, (module) => module.ContentRoute),
  });
  // The search route guard loads with the results page: the start-up bundle has none of it.
  const searchResults = (view: SearchView) => ({
    shouldRevalidate: searchResultsRevalidate,
    lazy: {
      loader: async () => {
        const { searchResultsLoader } = await import('./search-results-loader.ts');
        return ({ params }: LoaderFunctionArgs) => searchResultsLoader(queryClient, view, params);
      },
      Component: async () => (await import('./routes/search-results.tsx')).SearchResultsRoute,
    },
  });
  const handOff = (serverHref: (params: Record<string, string | undefined>) => string) => ({
    loader: ({ params }: { params: Record<string, string | undefined> }) => {
      requireLocalePrefix(params);
      return { href: serverHref(params) };
    },
    lazy: page(pages.handOff, (module) => module.HandOffRoute),
  });

  return [
    {
      id: 'root',
      lazy: { Component: async () => (await import('./routes/root.tsx')).RootRoute },
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RootHydrateFallback,
      loader: () => startupLoader(queryClient),
      shouldRevalidate: () => false,
      children: [
        {
          // Pathless: a failing page shows its error inside the shell, whose module holds it.
          lazy: {
            ErrorBoundary: async () => (await import('./routes/root.tsx')).PageErrorBoundary,
          },
          children: [
            {
              path: paths.home.path,
              lazy: page(pages.home, (module) => module.HomeRoute),
            },
            {
              path: paths.flow.path,
              lazy: page(pages.flow, (module) => module.FlowRoute),
            },
            { path: paths.searchResults.path, ...searchResults('flights') },
            { path: paths.searchResultsMulti.path, ...searchResults('multi') },
            {
              path: paths.bookingPay.path,
              handle: NETWORK_ONLY,
              loader: async ({ params }) => ({ pnr: await adoptHandOff(requirePnr(params)) }),
              lazy: page(pages.booking, (module) => module.BookingPayRoute),
            },
            ...(['success', 'fundingDenied', 'denied', 'failure'] as const).map((outcome) => ({
              path: {
                success: paths.paymentSuccess.path,
                fundingDenied: paths.paymentPaypalFundingDenied.path,
                denied: paths.paymentPaypalDenied.path,
                failure: paths.paymentFailure.path,
              }[outcome],
              handle: NETWORK_ONLY,
              // SPEC §2 writes the success page's PNR in lower case; the others take any case.
              loader: ({ params }: { params: Record<string, string | undefined> }) => ({
                pnr: outcome === 'success' ? requireLowerCasePnr(params) : requirePnr(params),
                outcome,
              }),
              lazy: page(pages.paymentResult, (module) => module.PaymentResultRoute),
            })),
            {
              path: paths.bookings.path,
              lazy: page(pages.bookings, (module) => module.BookingsRoute),
            },
            {
              path: paths.bookingsAll.path,
              loader: guarded(({ params }) => ({ page: pageNumber(params) })),
              lazy: page(pages.bookings, (module) => module.AllBookingsRoute),
            },
            {
              path: paths.booking.path,
              loader: async ({ params }) => ({ pnr: await adoptHandOff(requirePnr(params)) }),
              lazy: page(pages.booking, (module) => module.BookingRoute),
            },
            {
              path: paths.ticket.path,
              loader: ({ params }) => ({
                pnr: requirePnr(params),
                flightIndex: requireNumber(params, 'flightIndex'),
                ticketIndex: requireNumber(params, 'ticketIndex'),
              }),
              lazy: page(pages.booking, (module) => module.TicketRoute),
            },
            {
              path: paths.sharedBooking.path,
              handle: NETWORK_ONLY,
              loader: ({ params }) => ({ token: requireLinkToken(params) }),
              lazy: page(pages.sharedBooking, (module) => module.SharedBookingRoute),
            },
            {
              path: paths.bookingSupportTicketOpen.path,
              loader: guarded(({ params }) => ({ pnr: requirePnr(params) })),
              lazy: page(pages.support, (module) => module.OpenTicketRoute),
            },
            {
              path: paths.support.path,
              loader: () => redirect(paths.supportTickets.getHref()),
              Component: Redirecting,
            },
            {
              // Support works offline: what was read stays, and what is written waits on the
              // device until the connection returns (docs/support.md "Drafts written offline").
              path: paths.supportTickets.path,
              loader: guarded(() => null),
              lazy: page(pages.support, (module) => module.SupportTicketsRoute),
            },
            {
              path: paths.supportTicketsOpen.path,
              loader: guarded(() => ({ pnr: null })),
              lazy: page(pages.support, (module) => module.OpenTicketRoute),
            },
            {
              // Not guarded: a visitor without an account reads their ticket with the cookie its
              // e-mailed link gave; without one the API's 401 leads to sign-in and back.
              path: paths.supportTicket.path,
              loader: ({ params }) => ({ id: requireTicketId(params) }),
              lazy: page(pages.support, (module) => module.SupportTicketRoute),
            },
            {
              path: paths.supportDesk.path,
              handle: NETWORK_ONLY,
              loader: guarded(() => null),
              lazy: page(pages.support, (module) => module.DeskQueueRoute),
            },
            {
              path: paths.supportDeskTicket.path,
              handle: NETWORK_ONLY,
              loader: guarded(({ params }) => ({ id: requireTicketId(params) })),
              lazy: page(pages.support, (module) => module.DeskTicketRoute),
            },
            {
              path: paths.account.path,
              handle: NETWORK_ONLY,
              loader: guarded(() => null),
              lazy: page(pages.account, (module) => module.AccountRoute),
            },
            {
              path: paths.register.path,
              handle: NETWORK_ONLY,
              lazy: page(pages.auth, (module) => module.RegisterRoute),
            },
            {
              path: paths.signin.path,
              handle: NETWORK_ONLY,
              lazy: page(pages.auth, (module) => module.SignInRoute),
            },
            {
              path: paths.recover.path,
              handle: NETWORK_ONLY,
              lazy: page(pages.auth, (module) => module.RecoverRoute),
            },
            {
              path: paths.reset.path,
              handle: NETWORK_ONLY,
              loader: ({ params }) => ({ token: requireLinkToken(params) }),
              lazy: page(pages.auth, (module) => module.ResetRoute),
            },
            {
              path: paths.confirmEmail.path,
              handle: NETWORK_ONLY,
              loader: ({ params }) => ({ token: requireLinkToken(params) }),
              lazy: page(pages.auth, (module) => module.ConfirmEmailRoute),
            },
            {
              path: paths.signinLink.path,
              handle: NETWORK_ONLY,
              loader: ({ params }) => ({ token: requireLinkToken(params) }),
              lazy: page(pages.auth, (module) => module.SignInLinkRoute),
            },
            {
              path: paths.contactUs.path,
              lazy: page(pages.contact, (module) => module.ContactRoute),
            },
            {
              path: paths.airlinesFlightsSearch.path,
              lazy: page(pages.airlineSearch, (module) => module.AirlineSearchRoute),
            },
            ...CONTENT_PAGE_SLUGS.map((slug) => ({ path: `/${slug}`, ...content(slug) })),
            {
              path: paths.pageBySlug.path,
              loader: ({ params }) => ({ slug: requireContentSlug(params) }),
              lazy: page(pages.content, (module) => module.ContentRoute),
            },
            {
              path: paths.legacyBookingFinish.path,
              ...handOff((params) =>
                paths.legacyBookingFinish.getServerHref(
                  requirePnr(params),
                  requireLinkToken(params),
                ),
              ),
            },
            {
              path: paths.legacyUserLogin.path,
              ...handOff((params) => paths.legacyUserLogin.getServerHref(requireLinkToken(params))),
            },
            {
              path: paths.legacySupportEmailVerify.path,
              ...handOff((params) =>
                paths.legacySupportEmailVerify.getServerHref(requireLinkToken(params)),
              ),
            },
            {
              path: paths.legacyLoginQuick.path,
              ...handOff((params) =>
                paths.legacyLoginQuick.getServerHref(requirePnr(params), requireLinkToken(params)),
              ),
            },
            { path: paths.legacyRegister.path, ...redirectTo(() => paths.register.getHref()) },
            { path: paths.legacySignIn.path, ...redirectTo(() => paths.signin.getHref()) },
            {
              path: paths.legacySupportTicketsList.path,
              ...redirectTo(() => paths.supportTickets.getHref()),
            },
            {
              path: paths.legacySupportTicketOpen.path,
              ...redirectTo(() => paths.supportTicketsOpen.getHref()),
            },
            {
              path: paths.legacySupportTicketView.path,
              ...redirectTo((params) => paths.supportTicket.getHref(requireTicketId(params))),
            },
            {
              path: paths.localeSearch.path,
              loader: ({ params }) => requireLocalePrefix(params),
              lazy: page(pages.home, (module) => module.HomeRoute),
            },
            {
              path: paths.notFound.path,
              lazy: page(pages.notFound, (module) => module.NotFoundRoute),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
