import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePriceWatchRequestSchema,
  CreatePriceWatchResponseSchema,
  DeletePriceWatchResponseSchema,
  MAX_WATCHES,
  PriceWatchListResponseSchema,
  PriceWatchRefSchema,
  PushEndpointHeaderSchema,
} from '@uniquair/contract/price-watch';
import { PUSH_ENDPOINT_HEADER } from '@uniquair/contract/headers';
import { errorResponses } from '../../lib/error-body.ts';
import { requireSession } from '../../plugins/auth.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';
import type { PriceWatchService } from './price-watch.service.ts';

/** New watches per client and minute. */
export const WATCH_CREATES_PER_MINUTE = 10;

/**
 * Price watches (docs/price-watch.md): `POST /api/price-watch` (anyone with a push subscription;
 * a signed-in user owns the watch), `GET /api/price-watch` (a signed-in user's watches) and
 * `DELETE /api/price-watch/{id}`. Answers are never cached.
 */
export const priceWatchRoutes: FastifyPluginAsyncZod<{ service: PriceWatchService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/price-watch',
    {
      config: {
        auth: 'optionalSession',
        rateLimit: { max: WATCH_CREATES_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['price-watch'],
        summary: 'Tell me when it’s cheaper: watch a route’s price for a day or a month',
        description: `Give \`date\` or \`month\`. The price at subscription is the cheapest all-in price now (fares plus the extras for \`bags\` checked bags, for the adults and children; infants fly free); one push tells when it falls below that or below \`targetPrice\`, at most once a day. The push subscription must belong to a known push service. At most ${MAX_WATCHES} watches per subscription or account (409). The answer's \`id\` is the secret that ends the watch: keep it.`,
        body: CreatePriceWatchRequestSchema,
        response: {
          200: CreatePriceWatchResponseSchema,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const [session, preferences] = await Promise.all([
        app.sessions.current(request),
        resolveVisitorPreferences(request),
      ]);
      const created = await service.create(request.body, {
        userId: session?.user.id ?? null,
        locale: preferences.locale,
        currency: preferences.currency.code,
      });
      return reply.header('cache-control', 'no-store').send({ success: true as const, ...created });
    },
  );

  app.get(
    '/api/price-watch',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['price-watch'],
        summary: 'The signed-in user’s price watches',
        description:
          'With the price at subscription and the cheapest all-in price now, in each watch’s currency.',
        response: { 200: PriceWatchListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const watches = await service.list(session.user.id);
      return reply.header('cache-control', 'no-store').send({ success: true as const, watches });
    },
  );

  app.delete(
    '/api/price-watch/:id',
    {
      config: {
        auth: 'optionalSession',
        rateLimit: { max: WATCH_CREATES_PER_MINUTE * 3, timeWindow: 60_000 },
      },
      schema: {
        tags: ['price-watch'],
        summary: 'Stop watching',
        description:
          'By the watch’s id (`pw_…`), or by its number for the signed-in owner or with the push endpoint it notifies in `X-Push-Endpoint`. 404 for anything else.',
        params: z.object({ id: PriceWatchRefSchema }),
        headers: z.object({ [PUSH_ENDPOINT_HEADER]: PushEndpointHeaderSchema.optional() }),
        response: {
          200: DeletePriceWatchResponseSchema,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const session = await app.sessions.current(request);
      await service.remove(request.params.id, {
        userId: session?.user.id ?? null,
        endpoint: request.headers[PUSH_ENDPOINT_HEADER] ?? null,
      });
      return reply.header('cache-control', 'no-store').send({ success: true as const });
    },
  );
};
