import type { FastifyInstance } from 'fastify';
import { preferencesRoutes } from './preferences.routes.ts';

/** The preferences module (the visitor's chosen locale and currency): what `app.ts` registers of it. */
export async function preferencesPlugin(app: FastifyInstance): Promise<void> {
  await app.register(preferencesRoutes);
}
