import type { FastifyInstance } from 'fastify';
import { airlineRoutes } from './airline.routes.ts';

/** The airline module (the airline partners' API, behind API keys): what `app.ts` registers of it. */
export async function airlinePlugin(
  app: FastifyInstance,
  options: { apiKeys: readonly string[] },
): Promise<void> {
  await app.register(airlineRoutes, options);
}
