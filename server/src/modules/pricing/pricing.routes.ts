import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BagsQuerySchema,
  CheapestDaysParamsSchema,
  CheapestDaysResponseSchema,
  CheapestMonthsParamsSchema,
  CheapestMonthsResponseSchema,
  OffersParamsSchema,
  OffersResponseSchema,
} from '@uniquair/contract/pricing';
import {
  PriceGridParamsSchema,
  PriceGridQuerySchema,
  PriceGridResponseSchema,
} from '@uniquair/contract/price-grid';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { z } from 'zod';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { errorResponses } from '../../lib/error-body.ts';
import { sendPrepared } from '../../lib/prepared-response.ts';
import type { PricingService } from './pricing.service.ts';

/** Calendars are indicative prices: browsers and the service worker may reuse them this long. */
const CACHE_CONTROL = 'public, max-age=60';

const NotModifiedSchema = z
  .null()
  .meta({ description: 'The calendar the client holds is current' });

/** The bag count of a calendar's `?bags=` (validated 0–2; 0 when absent). */
function bagsOf(query: { bags?: number | undefined }): BagCount {
  return (query.bags ?? 0) as BagCount;
}

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
        description:
          'With `?bags=1|2` each price is all-in: the fare plus the checked-bag extras its fare ' +
          'class needs for that many bags per passenger; a month with no fare that can carry ' +
          'them has no price.',
        params: CheapestMonthsParamsSchema,
        querystring: BagsQuerySchema,
        response: {
          200: CheapestMonthsResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const prepared = await service.months(request.params.routeId, bagsOf(request.query));
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
          'lowest price of the month, 2 the highest, 1 the rest, and 1 for all when all are equal. ' +
          'With `?bags=1|2` prices and ratings are all-in (fare plus the checked-bag extras its ' +
          'class needs); a day with no fare that can carry the bags is left out.',
        params: CheapestDaysParamsSchema,
        querystring: BagsQuerySchema,
        response: {
          200: CheapestDaysResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { routeId, year, month } = request.params;
      const prepared = await service.days(routeId, year, month, bagsOf(request.query));
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );

  app.get(
    '/api/cheapest-price/grid/:outRouteId/:backRouteId',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Flexible dates of a return trip: 7 outbound × 7 return days with their prices',
        description:
          'Three days either side of the chosen outbound and return days; each cell is the ' +
          "outbound day's calendar price plus the return day's, with the checked bags, rated " +
          'over the priced cells. Null for a pair with a day not flown, without a seat, past or ' +
          'over a year ahead, and for a return before the outbound day. The return route must ' +
          'be the outbound route reversed; a chosen day more than 400 days from today is 400 ' +
          'VALIDATION_ERROR.',
        params: PriceGridParamsSchema,
        querystring: PriceGridQuerySchema,
        response: {
          200: PriceGridResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { out, back } = request.query;
      const days = { out: out as Ymd, back: back as Ymd };
      const prepared = await service.grid({
        ...request.params,
        ...days,
        bags: bagsOf(request.query),
      });
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );

  app.get(
    '/api/cheapest-price/:airportId/offers',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Cheapest destinations from an airport in the coming four weeks',
        description: 'With `?bags=1|2` prices are all-in, as in the calendars.',
        params: OffersParamsSchema,
        querystring: BagsQuerySchema,
        response: {
          200: OffersResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const prepared = await service.offers(request.params.airportId, bagsOf(request.query));
      return sendPrepared(request, reply, prepared, { cacheControl: CACHE_CONTROL });
    },
  );
};
