import type { FastifyInstance } from 'fastify';
import { bookingsListRoutes } from './bookings-list.routes.ts';

/** The bookings-list module (the signed-in user's list of bookings): what `app.ts` registers of it. */
export async function bookingsListPlugin(app: FastifyInstance): Promise<void> {
  await app.register(bookingsListRoutes);
}
