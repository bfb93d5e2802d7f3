import type { QueryClient } from '@tanstack/react-query';
import { isLowerCasePnr, isPnr } from '@uniquair/domain/booking/pnr';
import { isLinkToken } from '@uniquair/domain/security/link-token';
import {
  data,
  redirect,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { paths } from '../config/paths.ts';
import { initDataQueryOptions } from '../features/app-data/api/get-init-data.ts';
import { routesQueryOptions } from '../features/app-data/api/get-routes.ts';
import { fetchCurrentUser } from '../features/auth/api/get-current-user.ts';
import { isContentSlug } from '../features/content/api/get-page.ts';

/** The not-found page, for a path whose parameters break the constraints of SPEC §2. */
export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's 404 response
  throw data(null, { status: 404 });
}

/**
 * Start-up (SPEC §1, §4): the page waits, behind the loading indicator, until the init data, the
 * route list and the visitor's sign-in state are in. A failure of the first two is the start-up
 * failure page; the sign-in state falls back to anonymous.
 */
export async function startupLoader(queryClient: QueryClient) {
  await Promise.all([
    queryClient.ensureQueryData(initDataQueryOptions()),
    queryClient.ensureQueryData(routesQueryOptions()),
    fetchCurrentUser(queryClient),
  ]);
  return null;
}

/**
 * The auth gate (SPEC §4): the visitor's state is asked afresh (when online); an anonymous visitor
 * goes to sign-in, which brings them back here afterwards.
 */
export async function requireSignedIn(queryClient: QueryClient, request: Request) {
  const user = await fetchCurrentUser(queryClient);
  if (!user.isLogged) {
    const url = new URL(request.url);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect
    throw redirect(paths.signin.getHref(url.pathname + url.search + url.hash));
  }
}

type Params = LoaderFunctionArgs['params'];

function param(params: Params, name: string): string {
  return params[name] ?? '';
}

const NUMERIC = /^\d{1,9}$/;
const POSITIVE = /^[1-9]\d{0,8}$/;

/** `pnr`: 7 letters or digits. */
export function requirePnr(params: Params, name = 'pnr'): string {
  const pnr = param(params, name);
  if (!isPnr(pnr)) notFound();
  return pnr.toUpperCase();
}

/** The payment result pages carry the PNR in lower case. */
export function requireLowerCasePnr(params: Params): string {
  const pnr = param(params, 'pnr');
  if (!isLowerCasePnr(pnr)) notFound();
  return pnr.toUpperCase();
}

export function requireNumber(params: Params, name: string): number {
  const text = param(params, name);
  if (!NUMERIC.test(text)) notFound();
  return Number(text);
}

/** `page` of the all-bookings list: a positive number, 1 when absent. */
export function pageNumber(params: Params): number {
  const text = params.page;
  if (text === undefined || text === '') return 1;
  if (!POSITIVE.test(text)) notFound();
  return Number(text);
}

/** A support ticket id: a positive number. */
export function requireTicketId(params: Params): number {
  const text = param(params, 'id');
  if (!POSITIVE.test(text)) notFound();
  return Number(text);
}

export function requireLinkToken(params: Params, name = 'token'): string {
  const token = param(params, name);
  if (!isLinkToken(token)) notFound();
  return token;
}

/** The `{locale}` prefix of legacy paths: a locale code such as `en` or `pt_BR`. */
export function requireLocalePrefix(params: Params): string {
  const locale = param(params, 'locale');
  if (!/^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(locale)) notFound();
  return locale;
}

export function requireContentSlug(params: Params): string {
  const slug = param(params, 'slug');
  if (!isContentSlug(slug)) notFound();
  return slug;
}

/**
 * The search result routes read only their path: a change of the query (filters, sort) or the
 * hash (overlays) does not run the guard again.
 */
export function searchResultsRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}
