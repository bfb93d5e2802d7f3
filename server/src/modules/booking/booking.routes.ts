import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingHandOffParamsSchema,
  BookingHandOffResponseSchema,
  BookingLinkSentResponseSchema,
  BookingResponseSchema,
  CreateBookingRequestSchema,
  CreateBookingResponseSchema,
  PaymentOptionsResponseSchema,
  PnrParamsSchema,
} from '@uniquair/contract/booking';
import { BookingExtraDataResponseSchema } from '@uniquair/contract/booking-extra-data';
import { errorResponses } from '../../lib/error-body.ts';
import { LINK_PAGE_DESCRIPTION, sendLinkPage } from '../../lib/hand-off-page.ts';
import { privateAnswer } from '../../plugins/auth.ts';
import { currentAffiliate } from '../affiliates/affiliates.service.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';
import type { PdfFile } from './booking.invoices.ts';
import type { Viewer } from './booking.read.ts';
import type { BookingService } from './booking.service.ts';
import { TooManyHolds } from './booking.unpaid-caps.ts';
import { cancellationRoutes } from './booking.cancel-routes.ts';
import { BUSY_RETRY_AFTER_SECONDS, busyAsUnavailable } from './booking.database-busy.ts';
import { renderHandOffPage, type HandOffPurpose } from './booking.hand-off-page.ts';
import { deviceTokensHeader, type BookingReadGuard } from './booking.read-guard.ts';
import { flightChangeRoutes } from './booking.change-routes.ts';
import { scheduleChangeRoutes } from './booking.schedule-change-routes.ts';

/**
 * Route limits of the booking reads and hand-offs, per client address (reference notes §9): sized
 * for thousands of travellers behind one address (documented in docs/accounts.md).
 */
export const BOOKING_RATE_LIMITS = {
  /** Reads of one booking (get, extra data, payment options), per client in a minute. */
  reads: { max: 1_200, timeWindow: 60_000 },
  /** Opening and using e-mailed links, per client in a minute. */
  handOffs: { max: 300, timeWindow: 60_000 },
  /** Asking for a new e-mailed link, per client in ten minutes. */
  newLinks: { max: 10, timeWindow: 600_000 },
} as const;

export interface BookingRoutesOptions {
  service: BookingService;
  /** Secret keying the client-address hash stored with a booking. */
  clientKey: string;
  createsPerMinute: number;
  /** The access guard shared by every route on one booking. */
  readGuard: BookingReadGuard;
}

/**
 * The booking API (SPEC §2, §7; DESIGN §6): `POST /api/booking/create`, `GET /api/booking/{pnr}/get`,
 * `…/extra-data`, `…/payment-options`, `…/invoice` (PDF), and the e-mailed hand-offs `…/{pnr}/finish/{token}` and
 * `/api/booking/login-quick/{pnr}/{token}` (GET shows a page, POST uses the link).
 */
export async function bookingRoutes(
  server: FastifyInstance,
  options: BookingRoutesOptions,
): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const clientHash = (request: FastifyRequest) =>
    createHmac('sha256', options.clientKey).update(`client:${request.ip}`).digest('hex');

  const { viewerOf, guarded, blind } = options.readGuard;

  app.post(
    '/api/booking/create',
    {
      ...(options.createsPerMinute > 0
        ? {
            config: {
              // Fails closed: without its counters (Redis away), creation answers 503.
              rateLimit: { max: options.createsPerMinute, timeWindow: 60_000, skipOnError: false },
            },
          }
        : {}),
      schema: {
        tags: ['booking'],
        summary: 'Create a booking from a search: seats held, price computed by the server',
        description:
          'Takes one flight and fare class per destination of a finished search, the passengers ' +
          '(counts by type as searched) and the booker; holds the seats for 15 minutes, all or ' +
          'nothing, and answers the PNR with a device booking token to send back in ' +
          '`X-Booking-Tokens`. The price is computed from the current fares (client amounts are ' +
          'ignored). 409 PRICE_INCREASED (`errors.newTotal` = [minor units, currency]) until the ' +
          'new total is accepted in `acceptedTotal`; 409 FLIGHT_UNAVAILABLE naming ' +
          '`body.selections.<i>`; 410 SEARCH_EXPIRED; 400 VALIDATION_ERROR per field; 429 when ' +
          'too many unpaid bookings of this user, device or client hold seats.',
        headers: deviceTokensHeader,
        body: CreateBookingRequestSchema,
        response: {
          200: CreateBookingResponseSchema,
          ...errorResponses(400, 403, 404, 409, 410, 415, 429, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const [viewer, preferences, affiliate] = await Promise.all([
        viewerOf(request),
        resolveVisitorPreferences(request),
        currentAffiliate(request),
      ]);
      const created = await service
        .create(request.body, {
          ...viewer,
          clientHash: clientHash(request),
          affiliateId: affiliate?.id ?? null,
          locale: preferences.locale,
          currency: preferences.currency.code,
        })
        .catch((error: unknown) => {
          if (error instanceof TooManyHolds) {
            reply.header('retry-after', String(error.retryAfterSeconds));
          }
          const mapped = busyAsUnavailable(error);
          if (mapped !== error) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
          throw mapped;
        });
      return privateAnswer(reply).send({ success: true as const, ...created });
    },
  );

  app.get(
    '/api/booking/:pnr/get',
    {
      config: { rateLimit: BOOKING_RATE_LIMITS.reads },
      schema: {
        tags: ['booking'],
        summary: 'A booking: status, flights, passengers, extras, totals, payments, tickets',
        description:
          'For its owner (signed in) or a browser sending one of its device tokens in ' +
          '`X-Booking-Tokens`; anyone else gets 404 NOT_FOUND, exactly as for a PNR that does ' +
          'not exist. An unpaid booking whose hold is over is shown expired. Look-ups that find ' +
          'nothing are limited per client (429 with Retry-After).',
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: { 200: BookingResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const booking = await guarded(request, reply, async (viewer) =>
        service.detail(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send({ success: true as const, booking });
    },
  );

  app.get(
    '/api/booking/:pnr/extra-data',
    {
      config: { rateLimit: BOOKING_RATE_LIMITS.reads },
      schema: {
        tags: ['booking'],
        summary: 'Extras bought, and per leg the fare conditions, baggage and extras on sale',
        description: 'Same access as `GET /api/booking/{pnr}/get`.',
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: { 200: BookingExtraDataResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const data = await guarded(request, reply, async (viewer) =>
        service.extraData(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send(data);
    },
  );

  app.get(
    '/api/booking/:pnr/payment-options',
    {
      config: { rateLimit: BOOKING_RATE_LIMITS.reads },
      schema: {
        tags: ['booking'],
        summary: 'How a booking can be paid: enabled methods with amount and charge currency',
        description:
          'Every enabled method with the amount and currency it charges (the booking’s charge ' +
          'currency), and where the browser tokenises card fields (the card number and CVV go ' +
          'to the gateway, never to this API). Same access as `GET /api/booking/{pnr}/get`.',
        params: PnrParamsSchema,
        headers: deviceTokensHeader,
        response: { 200: PaymentOptionsResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const options = await guarded(request, reply, async (viewer) =>
        service.paymentOptions(request.params.pnr, viewer),
      );
      return privateAnswer(reply).send({
        success: true as const,
        options,
        cardTokenization: app.paymentProvider.cardTokenization(),
      });
    },
  );

  /** A booking document as a PDF attachment, with the same access as the booking. */
  const pdfRoute = (
    path: string,
    doc: { summary: string; description: string; file: string },
    load: (pnr: string, viewer: Viewer) => Promise<PdfFile>,
  ) => {
    app.get(
      path,
      {
        config: { rateLimit: BOOKING_RATE_LIMITS.reads },
        schema: {
          tags: ['booking'],
          summary: doc.summary,
          description: `${doc.description} Same access as \`GET /api/booking/{pnr}/get\`.`,
          params: PnrParamsSchema,
          headers: deviceTokensHeader,
          response: {
            200: {
              description: doc.file,
              content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
            },
            ...errorResponses(400, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const file = await guarded(request, reply, async (viewer) =>
          load(request.params.pnr, viewer),
        );
        return privateAnswer(reply)
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );
  };

  pdfRoute(
    '/api/booking/:pnr/invoice',
    {
      summary: 'The invoice of a paid booking, as a PDF file',
      description:
        'A PDF (`application/pdf`, as an attachment) in the booking’s language: seller, buyer, ' +
        'one line per passenger and flight plus the extras, the charge total, how it was paid ' +
        '(a card’s brand and last four digits only), the PNR, invoice and booking dates. An ' +
        'unpaid booking answers 409 INVOICE_NOT_AVAILABLE.',
      file: 'The invoice, a PDF file sent as an attachment.',
    },
    (pnr, viewer) => service.invoice(pnr, viewer),
  );

  pdfRoute(
    '/api/booking/:pnr/cancellation-invoice',
    {
      summary: 'The credit note of a cancelled booking’s refund, as a PDF file',
      description:
        'A PDF (`application/pdf`, as an attachment) in the booking’s language: the credit ' +
        'note’s number (`UQC-2026-000001`, its own gap-free series) and date (the cancellation), ' +
        'the invoice it corrects, seller and buyer, and what is refunded for each passenger and ' +
        'flight with its total, in the charge currency. A booking with no refunded invoice (not ' +
        'cancelled, never paid, or nothing given back) answers 409 CREDIT_NOTE_NOT_AVAILABLE.',
      file: 'The credit note, a PDF file sent as an attachment.',
    },
    (pnr, viewer) => service.creditNote(pnr, viewer),
  );

  const handOff = (purpose: HandOffPurpose, path: string, summary: string) => {
    app.get(
      path,
      {
        config: { rateLimit: BOOKING_RATE_LIMITS.handOffs },
        schema: {
          tags: ['booking'],
          summary: `${summary}: the page that uses the link`,
          description: LINK_PAGE_DESCRIPTION,
          params: BookingHandOffParamsSchema,
          response: {
            200: z.string().meta({ description: 'HTML page (text/html).' }),
            ...errorResponses(400, 429),
          },
        },
      },
      async (request, reply) => {
        const { locale } = await resolveVisitorPreferences(request);
        const page = await renderHandOffPage({ locale, purpose, pnr: request.params.pnr });
        return sendLinkPage(reply, page);
      },
    );
    app.post(
      path,
      {
        config: { rateLimit: BOOKING_RATE_LIMITS.handOffs },
        schema: {
          tags: ['booking'],
          summary,
          description:
            'Single use, expiring (410 LINK_EXPIRED when unknown, used, expired or of another ' +
            'booking). Answers a new device token for this browser and where to go next.',
          params: BookingHandOffParamsSchema,
          response: {
            200: BookingHandOffResponseSchema,
            ...errorResponses(400, 403, 410, 415, 429),
          },
        },
      },
      async (request, reply) => {
        reply.header('referrer-policy', 'no-referrer');
        const result = await service.handOff(request.params.pnr, request.params.token, purpose);
        return privateAnswer(reply).send({ success: true as const, ...result });
      },
    );
  };
  app.post(
    '/api/booking/:pnr/send-link',
    {
      config: { rateLimit: BOOKING_RATE_LIMITS.newLinks },
      schema: {
        tags: ['booking'],
        summary: 'E-mail a new link to a booking to the address it was made with',
        description:
          'For a used or expired e-mailed link, or another device: a new single-use link (to ' +
          'finish paying while the hold runs, else to open the booking for 24 hours) goes to the ' +
          "booking's own e-mail address, never to one given here, at most 3 an hour. The answer " +
          'is 202 whether or not the PNR exists; unknown PNRs count towards the look-up limit.',
        params: PnrParamsSchema,
        response: { 202: BookingLinkSentResponseSchema, ...errorResponses(400, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      await blind(request, reply, () => service.sendNewLink(request.params.pnr));
      return privateAnswer(reply)
        .code(202)
        .send({ success: true as const });
    },
  );

  handOff(
    'finish',
    '/api/booking/:pnr/finish/:token',
    'Complete an unpaid booking from its e-mail',
  );
  handOff('login_quick', '/api/booking/login-quick/:pnr/:token', 'Open a booking from its e-mail');

  // Cancellation: the quote and the cancel, through the same look-up guard as the reads.
  await app.register(cancellationRoutes, {
    service,
    guarded,
    readLimit: BOOKING_RATE_LIMITS.reads,
  });

  // Voluntary flight changes: options and the change (docs/flight-changes.md).
  await app.register(flightChangeRoutes, {
    service,
    guarded,
    readLimit: BOOKING_RATE_LIMITS.reads,
  });

  // Schedule changes: accept, substitutes, substitute (docs/schedule-changes.md).
  scheduleChangeRoutes(app, {
    service,
    guarded,
    headers: deviceTokensHeader,
    readsRateLimit: BOOKING_RATE_LIMITS.reads,
  });
}
