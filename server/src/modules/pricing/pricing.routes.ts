import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheapestDaysParamsSchema,
  CheapestDaysResponseSchema,
  CheapestMonthsParamsSchema,
  CheapestMonthsResponseSchema,
  OffersParamsSchema,
  OffersResponseSchema,
} from '@uniquair/contract/pricing';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-body.ts';
import { sendPrepared } from '../../lib/prepared-response.ts';
import type { PricingService } from './pricing.service.ts';

/** Calendars are indicative prices: browsers and the service worker may reuse them this long. */
const CACHE_CONTROL = 'public, max-age=60';

const NotModifiedSchema = z
  .null()
  .meta({ description: 'The calendar the client holds is current' });

/**
 * Cheapest-price calendars and offers (SPEC §7): answered from the price summary through the
 * service's prepared responses, with ETag, Last-Modified and 304s.
 */
export const pricingRoutes: FastifyPluginAsyncZod<{ service: PricingService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/cheapest-price/months/:routeId',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Cheapest price per month for the next 12 months',
        params: CheapestMonthsParamsSchema,
        response: {
          200: CheapestMonthsResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const prepared = await service.months(request.params.routeId);
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );

  app.get(
    '/api/cheapest-price/days/:routeId/:year/:month',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Cheapest price and its rating for each operated day of a month',
        description:
          'Days from today on that the route flies and that have a seat left. Rating 0 is the ' +
          'lowest price of the month, 2 the highest, 1 the rest, and 1 for all when all are equal.',
        params: CheapestDaysParamsSchema,
        response: {
          200: CheapestDaysResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { routeId, year, month } = request.params;
      const prepared = await service.days(routeId, year, month);
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );

  app.get(
    '/api/cheapest-price/:airportId/offers',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Cheapest destinations from an airport in the coming four weeks',
        params: OffersParamsSchema,
        response: {
          200: OffersResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const prepared = await service.offers(request.params.airportId);
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );
};
