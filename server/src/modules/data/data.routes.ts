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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRECOMPRESSED,
  preparedAnswer,
  sendPrepared,
  sendPreparedFrom,
  type PreparedResponse,
  type RequestHead,
} from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import {
  anonymousPreferences,
  resolveVisitorPreferences,
  visitorPreferencesNow,
  type VisitorPreferences,
} from './data.visitor-preferences.ts';
import { isEnabledIn, type ReferenceSnapshot } from './data.service.ts';
import { InitDataService } from './data.init-data.ts';

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

/** The reference data at hand, or a promise of it. */
function referenceOf(app: FastifyInstance): ReferenceSnapshot | Promise<ReferenceSnapshot> {
  return app.referenceData.snapshotNow() ?? app.referenceData.snapshot();
}

interface VisitorView {
  reference: ReferenceSnapshot;
  preferences: VisitorPreferences;
}

/**
 * The reference data and the visitor's locale and currency: at once when both are at hand (the
 * data cached, an anonymous visitor), else a promise.
 */
function visitorViewOf(
  app: FastifyInstance,
  request: FastifyRequest,
): VisitorView | Promise<VisitorView> {
  const reference = app.referenceData.snapshotNow();
  const preferences = reference && visitorPreferencesNow(request, reference);
  if (reference !== undefined && preferences !== undefined) return { reference, preferences };
  return Promise.all([app.referenceData.snapshot(), resolveVisitorPreferences(request)]).then(
    ([later, visitor]) => ({ reference: later, preferences: visitor }),
  );
}

/**
 * The same for a visitor without cookies (the fast lane's requests): the locale from
 * Accept-Language, its default currency. Undefined while the data is not cached.
 */
function anonymousViewOf(app: FastifyInstance, request: RequestHead): VisitorView | undefined {
  const reference = app.referenceData.snapshotNow();
  if (reference === undefined) return undefined;
  return {
    reference,
    preferences: anonymousPreferences(reference, request.headers['accept-language']),
  };
}

/**
 * The `/api/data` reads of SPEC §7: start-up data, passenger types, countries, titles,
 * currencies and the route network. Every answer is prepared once per data version (see
 * ReferenceDataService) and carries an ETag; the route network also Last-Modified. Conditional
 * requests get 304. The handlers are not async: while the data is cached, an anonymous visitor's
 * answer goes out without a promise; a visitor without cookies gets the same answer from the fast
 * lane, ahead of Fastify (performance goal G7, lib/fast-lane.ts).
 */
export const dataRoutes: FastifyPluginAsyncZod<{ paymentProviders: PaymentProviderFlags }> = async (
  app,
  options,
) => {
  const init = new InitDataService(app.content, options.paymentProviders);
  const ticketTypesFor = ({ reference, preferences }: VisitorView): PreparedResponse =>
    app.referenceData.preparedTicketTypes(reference, preferences.locale);
  const currenciesFor = ({ reference, preferences }: VisitorView): PreparedResponse =>
    app.referenceData.preparedCurrencies(reference, preferences.currency);

  /** The handler of a public read in the locale the path names (404 for a locale not offered). */
  const inLocaleOfPath =
    (prepare: (reference: ReferenceSnapshot, locale: string) => PreparedResponse) =>
    (request: FastifyRequest<{ Params: { locale: string } }>, reply: FastifyReply) =>
      sendPreparedFrom(
        request,
        reply,
        referenceOf(app),
        (reference) => {
          requireEnabledLocale(reference, request.params.locale);
          return prepare(reference, request.params.locale);
        },
        PUBLIC,
      );

  /** Adds the fast-lane answer of a per-visitor read (see lib/fast-lane.ts). */
  const addVisitorFastLane = (path: string, prepare: (view: VisitorView) => PreparedResponse) => {
    app.fastLane.add(path, (request) => {
      const view = anonymousViewOf(app, request);
      return view && preparedAnswer(request, prepare(view), PER_VISITOR);
    });
  };
  addVisitorFastLane('/api/data/ticket-types', ticketTypesFor);
  addVisitorFastLane('/api/data/currencies', currenciesFor);
  app.fastLane.add('/api/data/routes', (request) => {
    const prepared = app.referenceData.routeNetworkNow();
    return prepared && preparedAnswer(request, prepared, PUBLIC);
  });

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
    (request, reply) =>
      sendPreparedFrom(request, reply, visitorViewOf(app, request), ticketTypesFor, PER_VISITOR),
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
    inLocaleOfPath((reference, locale) => app.referenceData.preparedCountries(reference, locale)),
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
    inLocaleOfPath((reference, locale) => app.referenceData.preparedTitles(reference, locale)),
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
    (request, reply) =>
      sendPreparedFrom(request, reply, visitorViewOf(app, request), currenciesFor, PER_VISITOR),
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
    (request, reply) =>
      sendPreparedFrom(
        request,
        reply,
        app.referenceData.routeNetworkNow() ?? app.referenceData.routeNetwork(),
        (prepared) => prepared,
        PUBLIC,
      ),
  );
};
