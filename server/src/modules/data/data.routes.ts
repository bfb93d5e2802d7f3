import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountriesResponseSchema,
  CurrenciesResponseSchema,
  InitResponseSchema,
  LocaleParamsSchema,
  RoutesResponseSchema,
  TicketTypesResponseSchema,
  TitlesResponseSchema,
} from '@uniquair/contract/data';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import { PRECOMPRESSED, sendPrepared } from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { resolveVisitorPreferences } from '../preferences/preferences.service.ts';
import { isEnabledIn, type ReferenceSnapshot } from './data.service.ts';
import { InitDataService } from './init-data.ts';

/** Answers that depend on the visitor's cookies and browser language. */
const PER_VISITOR = { cacheControl: 'private, no-cache', vary: 'Cookie, Accept-Language' };
/** Answers that are the same for everyone: cacheable, revalidated on every use. */
const PUBLIC = { cacheControl: 'public, no-cache' };

const NotModifiedSchema = z
  .null()
  .meta({ description: 'Not modified: the cached copy is current.' });

function requireEnabledLocale(snapshot: ReferenceSnapshot, locale: string): void {
  if (!isEnabledIn(snapshot, locale)) {
    throw new ServiceError('NOT_FOUND', `Locale ${locale} is not available`, {
      'params.locale': [`Unknown or disabled locale "${locale}"`],
    });
  }
}

/**
 * The `/api/data` reads of SPEC §7: start-up data, passenger types, countries, titles,
 * currencies and the route network. Every answer is prepared once per data version (see
 * ReferenceDataService) and carries an ETag; the route network also Last-Modified. Conditional
 * requests get 304.
 */
export const dataRoutes: FastifyPluginAsyncZod<{ paymentProviders: PaymentProviderFlags }> = async (
  app,
  options,
) => {
  const init = new InitDataService(app.content, options.paymentProviders);

  app.get(
    '/api/data/init',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'Start-up data in the visitor’s locale and currency',
        response: { 200: InitResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const [reference, menus, preferences, affiliate] = await Promise.all([
        app.referenceData.snapshot(),
        app.content.menuSnapshot(),
        resolveVisitorPreferences(request),
        app.affiliates.current(request),
      ]);
      const prepared = init.prepared(reference, menus, preferences, affiliate);
      return sendPrepared(request, reply, prepared, PER_VISITOR);
    },
  );

  app.get(
    '/api/data/ticket-types',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'Passenger types (1 adult, 2 child, 3 infant) in the visitor’s locale',
        response: { 200: TicketTypesResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const [reference, preferences] = await Promise.all([
        app.referenceData.snapshot(),
        resolveVisitorPreferences(request),
      ]);
      const prepared = app.referenceData.preparedTicketTypes(reference, preferences.locale);
      return sendPrepared(request, reply, prepared, PER_VISITOR);
    },
  );

  app.get(
    '/api/data/:locale/countries',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'Countries with localised and English names and calling codes',
        params: LocaleParamsSchema,
        response: {
          200: CountriesResponseSchema,
          304: NotModifiedSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const reference = await app.referenceData.snapshot();
      requireEnabledLocale(reference, request.params.locale);
      const prepared = app.referenceData.preparedCountries(reference, request.params.locale);
      return sendPrepared(request, reply, prepared, PUBLIC);
    },
  );

  app.get(
    '/api/data/:locale/titles',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'Passenger titles (1 Mr., 2 Mrs., 4 Infant, 5 Child) in a locale',
        params: LocaleParamsSchema,
        response: {
          200: TitlesResponseSchema,
          304: NotModifiedSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const reference = await app.referenceData.snapshot();
      requireEnabledLocale(reference, request.params.locale);
      const prepared = app.referenceData.preparedTitles(reference, request.params.locale);
      return sendPrepared(request, reply, prepared, PUBLIC);
    },
  );

  app.get(
    '/api/data/currencies',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'Every currency with its rate, and the visitor’s current currency',
        response: { 200: CurrenciesResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const [reference, preferences] = await Promise.all([
        app.referenceData.snapshot(),
        resolveVisitorPreferences(request),
      ]);
      const prepared = app.referenceData.preparedCurrencies(reference, preferences.currency);
      return sendPrepared(request, reply, prepared, PER_VISITOR);
    },
  );

  app.get(
    '/api/data/routes',
    {
      ...PRECOMPRESSED,
      schema: {
        tags: ['data'],
        summary: 'The route network: routes flown and the airports they serve',
        description:
          'Sent with Last-Modified (when operators last changed the network) and an ETag. ' +
          'If-Modified-Since not older than the data, or a matching If-None-Match, gives 304 ' +
          'with no body; an unreadable If-Modified-Since is ignored.',
        response: { 200: RoutesResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const prepared = await app.referenceData.routeNetwork();
      return sendPrepared(request, reply, prepared, PUBLIC);
    },
  );
};
