import type { FastifyInstance } from 'fastify';
import { errorsRoutes } from './errors.routes.ts';

/** The errors module (error reports sent by the web app): what `app.ts` registers of it. */
export async function errorsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(errorsRoutes);
}
