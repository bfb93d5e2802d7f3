import type { FastifyInstance } from 'fastify';
import { AirlineRepository } from './airline.repository.ts';
import { airlineRoutes } from './airline.routes.ts';
import { AirlineService } from './airline.service.ts';

/** The airline module (the airline partners' API, behind API keys): what `app.ts` registers of it. */
export async function airlinePlugin(
  app: FastifyInstance,
  options: { apiKeys: readonly string[] },
): Promise<void> {
  const service = new AirlineService(new AirlineRepository(app.db));
  await app.register(airlineRoutes, { ...options, service, fares: app.fares });
}
