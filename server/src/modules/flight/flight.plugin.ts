import type { FastifyInstance } from 'fastify';
import { FlightRepository } from './flight.repository.ts';
import { flightRoutes } from './flight.routes.ts';
import { FlightService } from './flight.service.ts';

/** The flight module: flight details and fare rules of a search's flights, from the search service. */
export async function flightPlugin(app: FastifyInstance): Promise<void> {
  const service = new FlightService(app.searchEngine.service, new FlightRepository(app.db));
  await app.register(flightRoutes, { service });
}
