import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users.routes.ts';

/** The users module (accounts, sign-in, profiles and avatars): what `app.ts` registers of it. */
export async function usersPlugin(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  await app.register(usersRoutes, options);
}
