import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FlightInfoParamsSchema,
  FlightInfoQuerySchema,
  FlightInfoResponseSchema,
} from '@uniquair/contract/flight';
import { errorResponses } from '../../lib/error-body.ts';
import type { FlightService } from './flight.service.ts';

/** `GET /api/flight/info/{hash}?ids=…` (SPEC §7): details of flights chosen from a search. */
export const flightRoutes: FastifyPluginAsyncZod<{ service: FlightService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/flight/info/:hash',
    {
      schema: {
        tags: ['search'],
        summary: 'Details of chosen flights of a search',
        description:
          'Legs, fare classes with current price and seats left, fare conditions and baggage ' +
          'allowance. `ids` lists flight ids of the search (`ids=1,2` or `ids=1&ids=2`); an id ' +
          'not in the search is 404.',
        params: FlightInfoParamsSchema,
        querystring: FlightInfoQuerySchema,
        response: {
          200: FlightInfoResponseSchema,
          ...errorResponses(400, 404, 409, 410, 502),
        },
      },
    },
    async (request, reply) => {
      const info = await service.info(request.params.hash, request.query.ids);
      return reply.header('cache-control', 'no-store').send(info);
    },
  );
};
