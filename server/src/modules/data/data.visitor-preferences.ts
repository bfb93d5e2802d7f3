import type { FastifyRequest } from 'fastify';
import type { Currency } from '@uniquair/contract/data';
import { negotiateLocale } from '@uniquair/domain/locale/accept-language';
import { DEFAULT_LOCALE } from '@uniquair/domain/locale/languages';
import { DerivedCache } from '../../lib/versioned-cache.ts';
import { defaultCurrencyIn, isEnabledIn, type ReferenceSnapshot } from './data.service.ts';

/** How long the visitor's locale and currency choices are remembered. */
export const PREFERENCE_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/** Where a visitor's locale or currency came from, strongest first. */
export type PreferenceSource =
  'profile' | 'cookie' | 'accept-language' | 'locale-default' | 'default';

/** Everything that may say which locale and currency a visitor wants. */
export interface PreferenceInputs {
  /** A signed-in user's saved choices; they win over everything else. */
  profile?: { locale?: string | null; currency?: string | null } | null;
  /** The choices remembered in the visitor's cookies. */
  cookieLocale?: string;
  cookieCurrency?: string;
  /** The browser's `Accept-Language` header. */
  acceptLanguage?: string;
}

export interface VisitorPreferences {
  locale: string;
  currency: Currency;
  localeSource: PreferenceSource;
  currencySource: PreferenceSource;
}

const negotiated = new DerivedCache<string>(1000);

/**
 * The visitor's locale and currency (SPEC §3, §7): the locale is the profile's, else the one
 * chosen (cookie), else the best enabled match of `Accept-Language`, else `en`; the currency is the
 * profile's, else the one chosen, else the locale's default currency. A choice that is no longer
 * offered (a disabled locale, a removed currency) is skipped.
 */
export function choosePreferences(
  snapshot: ReferenceSnapshot,
  inputs: PreferenceInputs,
): VisitorPreferences {
  let locale: string;
  let localeSource: PreferenceSource;
  const profileLocale = inputs.profile?.locale ?? undefined;
  if (profileLocale !== undefined && isEnabledIn(snapshot, profileLocale)) {
    locale = profileLocale;
    localeSource = 'profile';
  } else if (inputs.cookieLocale !== undefined && isEnabledIn(snapshot, inputs.cookieLocale)) {
    locale = inputs.cookieLocale;
    localeSource = 'cookie';
  } else if (inputs.acceptLanguage) {
    const header = inputs.acceptLanguage;
    locale = negotiated.get(snapshot, header, () =>
      negotiateLocale(header, snapshot.enabledLocales, DEFAULT_LOCALE),
    );
    localeSource = 'accept-language';
  } else {
    locale = DEFAULT_LOCALE;
    localeSource = 'default';
  }

  const profileCurrency = inputs.profile?.currency ?? undefined;
  const fromProfile =
    profileCurrency === undefined ? undefined : snapshot.currencyByCode.get(profileCurrency);
  const fromCookie =
    inputs.cookieCurrency === undefined
      ? undefined
      : snapshot.currencyByCode.get(inputs.cookieCurrency);
  if (fromProfile !== undefined) {
    return { locale, localeSource, currency: fromProfile, currencySource: 'profile' };
  }
  if (fromCookie !== undefined) {
    return { locale, localeSource, currency: fromCookie, currencySource: 'cookie' };
  }
  return {
    locale,
    localeSource,
    currency: defaultCurrencyIn(snapshot, locale),
    currencySource: 'locale-default',
  };
}

const resolved = new WeakMap<FastifyRequest, Promise<VisitorPreferences>>();

/**
 * The locale and currency of the visitor making this request — the one function every module
 * asks. A signed-in user's profile (the locale and currency they chose) takes over. Resolved once
 * per request; a visitor without a session cookie costs no database read.
 */
export function resolveVisitorPreferences(request: FastifyRequest): Promise<VisitorPreferences> {
  let preferences = resolved.get(request);
  if (preferences === undefined) {
    const { referenceData, sessions } = request.server;
    preferences = Promise.all([referenceData.snapshot(), sessions.user(request)]).then(
      ([snapshot, user]) =>
        preferencesOf(
          request,
          snapshot,
          user === null ? null : { locale: user.locale, currency: user.currency },
        ),
    );
    resolved.set(request, preferences);
  }
  return preferences;
}

function preferencesOf(
  request: FastifyRequest,
  snapshot: ReferenceSnapshot,
  profile: PreferenceInputs['profile'],
): VisitorPreferences {
  const { visitorCookies } = request.server;
  return choosePreferences(snapshot, {
    profile,
    cookieLocale: visitorCookies.read(request, 'locale'),
    cookieCurrency: visitorCookies.read(request, 'currency'),
    acceptLanguage: request.headers['accept-language'],
  });
}
