import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes.ts';

/** The health module (the health check): what `app.ts` registers of it. */
export async function healthPlugin(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
