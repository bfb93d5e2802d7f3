import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/interval-job.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { AttachmentStore } from './support.attachment-store.ts';
import {
  ATTACHMENT_SWEEP_INTERVAL_MS,
  sweepAttachmentFiles,
} from './support.attachment-sweeper.ts';
import { SupportAttachments } from './support.attachments.ts';
import { SupportCallers } from './support.caller.ts';
import { SupportDesk } from './support.desk.ts';
import { supportDeskRoutes } from './support.desk-routes.ts';
import { supportRoutes } from './support.routes.ts';
import { SupportService } from './support.service.ts';
import { supportVisitorRoutes } from './support.visitor-routes.ts';
import { SupportVisitors } from './support.visitors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets (docs/support.md). */
    support: SupportService;
  }
}

/**
 * The support module (SPEC §2, §5; docs/support.md): builds the support service, decorates
 * `app.support` with it and registers the traveller's ticket routes and the team's desk. A ticket about a booking is
 * checked through the booking module's own access rule. The images sent with messages are kept
 * as files in `attachmentsDir` (docs/decisions/007-support-attachments-on-disk.md); every few hours
 * the files nobody names any more are removed from it.
 */
export const supportPlugin = fp(
  async (
    app: FastifyInstance,
    options: { publicUrl: string; attachmentsDir: string; secure: boolean },
  ) => {
    const store = new AttachmentStore(options.attachmentsDir);
    const attachments = new SupportAttachments(store);
    runEvery(app, {
      everyMs: ATTACHMENT_SWEEP_INTERVAL_MS,
      run: async () => {
        const removed = await sweepAttachmentFiles({ store, db: app.db, now: app.now() });
        if (removed > 0) app.log.info({ removed }, 'support attachment files nobody names removed');
      },
      failure: 'could not clean up support attachment files',
    });
    const support = new SupportService({
      attachments,
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
    // Visitors without an account: confirmed by an e-mailed link, then a visitor session cookie.
    const visitors = new SupportVisitors({
      db: app.db,
      now: () => app.now(),
      mail: app.mail,
      publicUrl: options.publicUrl,
      bookingOfSurname: (pnr, lastName) => app.bookings.bookingOfSurname(pnr, lastName),
    });
    const callers = new SupportCallers(visitors, options.secure);
    await app.register(supportRoutes, { support, callers });
    await app.register(supportVisitorRoutes, { visitors, callers });
    const desk = new SupportDesk({
      attachments,
      db: app.db,
      now: () => app.now(),
      bookingSummary: (bookingId) => app.bookings.supportSummary(bookingId),
      mail: app.mail,
      replyRecipient: (trx, row) => visitors.replyRecipient(trx, row),
      afterOutboxWrite: () => app.outbox.kick(),
    });
    await app.register(supportDeskRoutes, { desk });
  },
  { name: 'support', dependencies: ['booking', 'instance', 'users', 'mail'] },
);
