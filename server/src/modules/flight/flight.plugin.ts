import type { FastifyInstance } from 'fastify';
import { flightRoutes } from './flight.routes.ts';

/** The flight module (flight details and fare rules of a search result): what `app.ts` registers of it. */
export async function flightPlugin(app: FastifyInstance): Promise<void> {
  await app.register(flightRoutes);
}
