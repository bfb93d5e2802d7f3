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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/error-body.ts';
import {
  PER_VISITOR,
  sendPrepared,
  sharedCache,
  type PreparedResponse,
} from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { resolveVisitorPreferences, type VisitorPreferences } from './data.visitor-preferences.ts';
import { isEnabledIn, type ReferenceSnapshot } from './data.service.ts';
import { InitDataService, type InitPayments } from './data.init-data.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Countries and titles: they change with a release of the reference data, seldom. */
const REFERENCE = sharedCache(HOUR, 7 * DAY);
/** The route network: operators open and close routes; a new one shows within five minutes. */
const ROUTE_NETWORK = sharedCache(300, DAY);

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
 * ReferenceDataService) and carries a strong ETag; the route network also Last-Modified.
 * Conditional requests get 304. The reads that are the same for everyone may be kept by browsers,
 * the service worker and a CDN for a while and used stale while they revalidate
 * (`data.cache-policy.ts`); the per-visitor ones are revalidated on every use.
 */
export const dataRoutes: FastifyPluginAsyncZod<InitPayments> = async (app, options) => {
  const init = new InitDataService(app.content, options);

  /** The handler of a public read in the locale the path names (404 for a locale not offered). */
  const inLocaleOfPath =
    (prepare: (reference: ReferenceSnapshot, locale: string) => PreparedResponse) =>
    async (request: FastifyRequest<{ Params: { locale: string } }>, reply: FastifyReply) => {
      const reference = await app.referenceData.snapshot();
      requireEnabledLocale(reference, request.params.locale);
      return sendPrepared(request, reply, prepare(reference, request.params.locale), REFERENCE);
    };

  /** The handler of a read in the visitor's locale and currency. */
  const forVisitor =
    (
      prepare: (reference: ReferenceSnapshot, preferences: VisitorPreferences) => PreparedResponse,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const [reference, preferences] = await Promise.all([
        app.referenceData.snapshot(),
        resolveVisitorPreferences(request),
      ]);
      return sendPrepared(request, reply, prepare(reference, preferences), PER_VISITOR);
    };

  app.get(
    '/api/data/init',
    {
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
      schema: {
        tags: ['data'],
        summary: 'Passenger types (1 adult, 2 child, 3 infant) in the visitor’s locale',
        response: { 200: TicketTypesResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    forVisitor((reference, { locale }) => app.referenceData.preparedTicketTypes(reference, locale)),
  );

  app.get(
    '/api/data/:locale/countries',
    {
      schema: {
        tags: ['data'],
        summary: 'Countries with localised and English names and calling codes',
        params: LocaleParamsSchema,
        response: {
          200: CountriesResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    inLocaleOfPath((reference, locale) => app.referenceData.preparedCountries(reference, locale)),
  );

  app.get(
    '/api/data/:locale/titles',
    {
      schema: {
        tags: ['data'],
        summary: 'Passenger titles (1 Mr., 2 Mrs., 4 Infant, 5 Child) in a locale',
        params: LocaleParamsSchema,
        response: {
          200: TitlesResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    inLocaleOfPath((reference, locale) => app.referenceData.preparedTitles(reference, locale)),
  );

  app.get(
    '/api/data/currencies',
    {
      schema: {
        tags: ['data'],
        summary: 'Every currency with its rate, and the visitor’s current currency',
        response: { 200: CurrenciesResponseSchema, 304: NotModifiedSchema, 400: ErrorBodySchema },
      },
    },
    forVisitor((reference, { currency }) =>
      app.referenceData.preparedCurrencies(reference, currency),
    ),
  );

  app.get(
    '/api/data/routes',
    {
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
    async (request, reply) =>
      sendPrepared(request, reply, await app.referenceData.routeNetwork(), ROUTE_NETWORK),
  );
};
