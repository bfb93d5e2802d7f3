import type { FastifyInstance } from 'fastify';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

/** The subscriptions module (push and search-alert subscriptions): what `app.ts` registers of it. */
export async function subscriptionsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(subscriptionsRoutes);
}
