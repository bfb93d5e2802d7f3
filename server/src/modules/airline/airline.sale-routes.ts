import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FareSaleIdParamsSchema,
  FareSaleRequestSchema,
  FareSaleResponseSchema,
  FareSalesQuerySchema,
  FareSalesResponseSchema,
} from '@uniquair/contract/airline';
import { errorResponses } from '../../lib/error-body.ts';
import type { FaresService } from '../fares/fares.service.ts';

/** A partner's writes per minute, as for schedule changes. */
const SALE_WRITES_PER_MINUTE = 120;

/**
 * Fare sales of the airline-partner API (docs/search.md "Prices that move"), registered inside
 * the airline routes so their partner-key check covers them. `partnerOf` names the caller: the
 * fingerprint of its key, or null when the API runs without keys.
 */
export const airlineSaleRoutes: FastifyPluginAsyncZod<{
  fares: FaresService;
  partnerOf: (key: unknown) => string | null;
  keyHeader: string;
}> = async (app, { fares, partnerOf, keyHeader }) => {
  const { sales } = fares;
  const partner = (headers: Record<string, unknown>) => partnerOf(headers[keyHeader]);
  const writeConfig = {
    auth: 'partnerKey',
    csrf: { exempt: true },
    rateLimit: { max: SALE_WRITES_PER_MINUTE, timeWindow: 60_000 },
  } as const;

  app.post(
    '/api/airline/fares/sale',
    {
      config: writeConfig,
      schema: {
        tags: ['airline'],
        summary: "Put a route's fares on sale for some departure days (airline partners)",
        description:
          'Body `{routeId, from, until, percent}`: every fare class of the route’s own flights ' +
          'departing from `from` to `until` (both included) costs `percent` (1–90) less, at ' +
          'once — the price calendars, offers and new searches show it; overlapping sales do ' +
          'not add up, the largest percentage applies. Answers the sale and how many fare ' +
          'classes changed price. 404 NOT_FOUND for an unknown route; 400 VALIDATION_ERROR for ' +
          'bad fields, a route without flights of its own, `until` before `from`, a sale over ' +
          'before today or ending more than a year ahead. Requires `X-Api-Key` when partner ' +
          'keys are configured.',
        body: FareSaleRequestSchema,
        response: {
          200: FareSaleResponseSchema,
          ...errorResponses(400, 401, 403, 404, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const body = await sales.publish(request.body, partner(request.headers));
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/api/airline/fares/sales',
    {
      config: { auth: 'partnerKey' },
      schema: {
        tags: ['airline'],
        summary: "The caller's running fare sales (airline partners)",
        description:
          'Sales not ended whose last day is not past, newest first, of one route with ' +
          '`?route=`. A partner sees the sales published with its own key (every sale when ' +
          'the server has no partner keys). Requires `X-Api-Key` when partner keys are configured.',
        querystring: FareSalesQuerySchema,
        response: {
          200: FareSalesResponseSchema,
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const body = await sales.list(partner(request.headers), request.query.route);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.delete(
    '/api/airline/fares/sale/:saleId',
    {
      config: writeConfig,
      schema: {
        tags: ['airline'],
        summary: 'End a fare sale (airline partners)',
        description:
          'Ends a running sale published with the caller’s key: its days from today on are ' +
          're-priced at once, back to the prices without it (or to another sale still running ' +
          'on them). 404 NOT_FOUND for an unknown sale, another partner’s or one already ended. ' +
          'Requires `X-Api-Key` when partner keys are configured.',
        params: FareSaleIdParamsSchema,
        response: {
          200: FareSaleResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const body = await sales.end(request.params.saleId, partner(request.headers));
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
