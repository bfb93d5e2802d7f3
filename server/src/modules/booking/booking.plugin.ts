import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import { runEvery } from '../../lib/interval-job.ts';
import { savePassengers } from '../bookings-list/bookings-list.service.ts';
import { bookingManageRoutes } from './booking.manage-routes.ts';
import { BookingManagement } from './booking.manage.ts';
import { bookingReadGuard } from './booking.read-guard.ts';
import { REFUND_TOPIC } from './booking.cancellation.ts';
import { ChangePayouts } from './booking.change-payouts.ts';
import { CHANGE_PAYOUT_TOPIC } from './booking.flight-changes.ts';
import { RefundSender } from './booking.refunds.ts';
import type { InvoiceSeller } from './booking.invoice-pdf.ts';
import { bookingRoutes } from './booking.routes.ts';
import { registerScheduleChangeMail } from './booking.schedule-change-mail.ts';
import { BookingService } from './booking.service.ts';

export interface BookingPluginOptions {
  publicUrl: string;
  paymentProviders: PaymentProviderFlags;
  /** Secret keying the client-address hash stored with a booking. */
  clientKey: string;
  createsPerMinute: number;
  maxUnpaidPerTraveller: number;
  maxUnpaidPerClient: number;
  lookupMissesPer10Minutes: number;
  /** Interval of the hold sweeper; 0 leaves expiry to reads. */
  holdSweepMs: number;
  /** Who issues the invoices (INVOICE_SELLER_*). */
  invoiceSeller: InvoiceSeller;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Bookings: creation, reads and the hold life cycle (`expireOverdueHolds`, `retakeSeats`,
     * `markSeatsSold`), for the payments module to call.
     */
    bookings: BookingService;
  }
}

/**
 * The booking module (SPEC §2, §7; DESIGN §6): builds the booking service, decorates
 * `app.bookings` with it, registers the booking routes, and runs the hold sweeper from ready to
 * close (close also waits for the price calendars being rebuilt). Seats taken or given back
 * re-price their flights (the fares module) before the calendars are rebuilt.
 */
export const bookingPlugin = fp(
  async (app: FastifyInstance, options: BookingPluginOptions) => {
    const service = new BookingService({
      db: app.db,
      search: app.searchEngine.service,
      mail: app.mail,
      now: () => app.now(),
      log: app.log,
      publicUrl: options.publicUrl,
      reference: () => app.referenceData.snapshot(),
      paymentProviders: options.paymentProviders,
      maxUnpaidPerTraveller: options.maxUnpaidPerTraveller,
      maxUnpaidPerClient: options.maxUnpaidPerClient,
      refreshPriceCalendars: (routeIds, dates) => app.fares.afterSeatsChanged(routeIds, dates),
      rememberPassengers: savePassengers,
      instance: app.instance,
      afterOutboxWrite: () => app.outbox.kick(),
      invoiceSeller: options.invoiceSeller,
      metrics: app.metrics,
    });
    app.decorate('bookings', service);
    // Cancellations' refunds go to the payment provider once the payments module has set it up.
    const refunds = new RefundSender({
      db: app.db,
      now: () => app.now(),
      log: app.log,
      provider: () => app.paymentProvider,
      mail: app.mail,
    });
    app.outbox.register(REFUND_TOPIC, async (payload) => {
      await refunds.send((payload as { cancellationId: number }).cancellationId);
    });
    const payouts = new ChangePayouts({
      db: app.db,
      now: () => app.now(),
      log: app.log,
      provider: () => app.paymentProvider,
    });
    app.outbox.register(CHANGE_PAYOUT_TOPIC, async (payload) => {
      await payouts.send((payload as { changeId: number }).changeId);
    });
    registerScheduleChangeMail({ app, publicUrl: options.publicUrl });
    runEvery(app, {
      everyMs: options.holdSweepMs,
      run: async () => {
        await service.expireOverdueHolds();
        await service.flightChanges.expireOverdue();
      },
      failure: 'could not expire seat holds',
      afterStop: () => service.calendarsSettled(),
    });
    const readGuard = bookingReadGuard(app, {
      lookupMissesPer10Minutes: options.lookupMissesPer10Minutes,
    });
    await app.register(bookingRoutes, {
      service,
      clientKey: options.clientKey,
      createsPerMinute: options.createsPerMinute,
      readGuard,
    });
    await app.register(bookingManageRoutes, {
      readGuard,
      manage: new BookingManagement({
        db: app.db,
        now: () => app.now(),
        open: (pnr, viewer) => service.open(pnr, viewer),
        publicUrl: options.publicUrl,
        addressKey: options.clientKey,
        kickOutbox: () => app.outbox.kick(),
      }),
    });
  },
  { name: 'booking', dependencies: ['outbox', 'mail', 'instance', 'metrics', 'fares'] },
);
