import type { FastifyInstance } from 'fastify';
import { pricingRoutes } from './pricing.routes.ts';

/** The pricing module (the price calendars and offers): what `app.ts` registers of it. */
export async function pricingPlugin(app: FastifyInstance): Promise<void> {
  await app.register(pricingRoutes);
}
