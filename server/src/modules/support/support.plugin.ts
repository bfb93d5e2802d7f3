import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../../lib/service-error.ts';
import { SupportDesk } from './support.desk.ts';
import { supportDeskRoutes } from './support.desk-routes.ts';
import { supportRoutes } from './support.routes.ts';
import { SupportService } from './support.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets (docs/support.md). */
    support: SupportService;
  }
}

/**
 * The support module (SPEC §2, §5; docs/support.md): builds the support service, decorates
 * `app.support` with it and registers the traveller's ticket routes and the team's desk. A ticket about a booking is
 * checked through the booking module's own access rule.
 */
export const supportPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const support = new SupportService({
      db: app.db,
      now: () => app.now(),
      instance: app.instance,
      bookingOfUser: async (pnr, userId) => {
        try {
          const row = await app.bookings.open(pnr, { userId, deviceTokens: [] });
          return { id: Number(row.id), pnr: row.pnr };
        } catch (error) {
          // Not theirs, or no such booking: the same answer, as the booking routes give.
          if (error instanceof ServiceError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      },
    });
    app.decorate('support', support);
    await app.register(supportRoutes, { support });
    const desk = new SupportDesk({
      db: app.db,
      now: () => app.now(),
      bookingSummary: (bookingId) => app.bookings.supportSummary(bookingId),
      mail: app.mail,
      publicUrl: options.publicUrl,
    });
    await app.register(supportDeskRoutes, { desk });
  },
  { name: 'support', dependencies: ['booking', 'instance', 'users', 'mail'] },
);
