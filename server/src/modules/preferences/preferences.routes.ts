import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CurrencyParamsSchema,
  CurrencySelectResponseSchema,
  LocaleParamsSchema,
  LocaleSelectResponseSchema,
} from '@uniquair/contract/data';
import { errorResponses } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { isEnabledIn } from '../data/data.service.ts';
import {
  choosePreferences,
  PREFERENCE_COOKIE_MAX_AGE_SECONDS,
  resolveVisitorPreferences,
} from '../data/data.visitor-preferences.ts';

/**
 * `POST /api/data/currency/{code}/select` and `POST /api/data/locale/{locale}/select` (SPEC §7):
 * remember the visitor's choice in a cookie for a year. A malformed code is 400, a currency or
 * locale that is not offered 404; the answer names the visitor's locale and currency after the
 * change.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/data/currency/:code/select',
    {
      config: { auth: 'optionalSession' },
      schema: {
        tags: ['data'],
        summary: 'Remember the visitor’s currency',
        params: CurrencyParamsSchema,
        response: { 200: CurrencySelectResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const reference = await app.referenceData.snapshot();
      const currency = reference.currencyByCode.get(request.params.code);
      if (currency === undefined) {
        throw new ServiceError('NOT_FOUND', `Currency ${request.params.code} is not offered`, {
          'params.code': [`Unknown currency "${request.params.code}"`],
        });
      }
      app.visitorCookies.write(reply, 'currency', currency.code, {
        maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_SECONDS,
      });
      // A signed-in user's choice is kept in the profile, which wins over cookies.
      const user = await app.sessions.user(request);
      if (user !== null) {
        await app.users.setPreferences(user.id, { currency: currency.code });
      }
      return reply.header('cache-control', 'no-store').send({ success: true as const, currency });
    },
  );

  app.post(
    '/api/data/locale/:locale/select',
    {
      config: { auth: 'optionalSession' },
      schema: {
        tags: ['data'],
        summary: 'Remember the visitor’s UI locale',
        description:
          'Unless the visitor chose a currency, the currency follows the new locale’s default.',
        params: LocaleParamsSchema,
        response: { 200: LocaleSelectResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const [reference, before] = await Promise.all([
        app.referenceData.snapshot(),
        resolveVisitorPreferences(request),
      ]);
      const { locale } = request.params;
      if (!isEnabledIn(reference, locale)) {
        throw new ServiceError('NOT_FOUND', `Locale ${locale} is not available`, {
          'params.locale': [`Unknown or disabled locale "${locale}"`],
        });
      }
      app.visitorCookies.write(reply, 'locale', locale, {
        maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_SECONDS,
      });
      // A signed-in user's choice is kept in the profile (and the e-mails follow it).
      const user = await app.sessions.user(request);
      if (user !== null) {
        await app.users.setPreferences(user.id, { locale });
      }
      const chosenCurrency =
        before.currencySource === 'cookie' || before.currencySource === 'profile'
          ? before.currency.code
          : undefined;
      const after = choosePreferences(reference, {
        cookieLocale: locale,
        cookieCurrency: chosenCurrency,
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true as const, locale: after.locale, currency: after.currency });
    },
  );
};
