import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  BookingFeedback,
  BookingFeedbackRequest,
  SharedBooking,
} from '@uniquair/contract/booking-manage';
import { TICKET_RESENDS_PER_HOUR } from '@uniquair/contract/booking-manage';
import { BookingStatusSchema } from '@uniquair/contract/booking-list';
import { generateLinkToken } from '@uniquair/domain/security/link-token';
import type { Database } from '../../db/database.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import type { Viewer } from './booking.read.ts';
import type { BookingRow } from './booking.repository.ts';
import {
  feedbackOf,
  insertResend,
  insertShare,
  lockBooking,
  resendsSince,
  revokeActiveShare,
  shareByTokenHash,
  sharedParts,
  upsertFeedback,
} from './booking.manage-repository.ts';

/** Statuses of a booking whose trip is confirmed: it can be shared and its tickets re-sent. */
const CONFIRMED = new Set(['paid', 'ticketed', 'pay_at_airline']);

const HOUR_MS = 3_600_000;

/** The web page a share link opens. */
export const SHARED_BOOKING_PATH = '/shared-booking/';

/** The per-booking limit of re-sent tickets e-mails was reached. */
export class TicketResendLimit extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('TICKET_RESEND_LIMIT', 'Too many tickets e-mails for this booking', {
      _: ['manageBooking.resend.apiLimit'],
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface BookingManagementOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** The booking when the viewer may see it, else NOT_FOUND (the reads' access rule). */
  open: (pnr: string, viewer: Viewer) => Promise<BookingRow>;
  publicUrl: string;
  /** Secret keying the hash of re-send addresses. */
  addressKey: string;
  /** Asks the outbox to work off its entries soon (after a commit). */
  kickOutbox: () => void;
}

function notConfirmed(): ServiceError {
  return new ServiceError('BOOKING_NOT_CONFIRMED', 'The booking is not confirmed', {
    _: ['manageBooking.apiNotConfirmed'],
  });
}

interface StoredSegment {
  flightNumber?: unknown;
  carrier?: unknown;
  carrierName?: unknown;
  from?: unknown;
  to?: unknown;
  departureLocal?: unknown;
  departureUtc?: unknown;
  arrivalLocal?: unknown;
  arrivalUtc?: unknown;
  duration?: unknown;
}

/** The fields of a stored segment a shared view shows, and nothing else. */
function sharedSegments(json: string): SharedBooking['flights'][number]['segments'] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (JSON.parse(json) as StoredSegment[]).map((segment) => ({
    flightNumber: text(segment.flightNumber),
    carrier: text(segment.carrier),
    carrierName: text(segment.carrierName),
    from: text(segment.from),
    to: text(segment.to),
    departureLocal: text(segment.departureLocal),
    departureUtc: text(segment.departureUtc),
    arrivalLocal: text(segment.arrivalLocal),
    arrivalUtc: text(segment.arrivalUtc),
    duration: typeof segment.duration === 'number' ? Math.round(segment.duration) : 0,
  }));
}

/**
 * Managing a booking (SPEC §2 booking): a read-only share link, the tickets e-mail sent again to
 * another address, and the traveller's feedback. Access is the reads' (`open`); the shared view
 * is reached by its token alone.
 */
export class BookingManagement {
  readonly #options: BookingManagementOptions;

  constructor(options: BookingManagementOptions) {
    this.#options = options;
  }

  /**
   * A new share link of a confirmed booking; the previous one, if any, stops working (only
   * hashes are stored, so an old link cannot be shown again). Answers the token and the page.
   */
  async share(pnr: string, viewer: Viewer): Promise<{ token: string; url: string }> {
    const { db, now, publicUrl } = this.#options;
    const row = await this.#options.open(pnr, viewer);
    if (!CONFIRMED.has(row.status)) throw notConfirmed();
    const token = generateLinkToken((size) => randomBytes(size));
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      await lockBooking(trx, row.id);
      await revokeActiveShare(trx, row.id, at);
      await insertShare(trx, { bookingId: row.id, tokenHash: secretHash(token), now: at });
    });
    return { token, url: `${publicUrl}${SHARED_BOOKING_PATH}${token}` };
  }

  /** Stops the booking's share link; false when none was active. */
  async revokeShare(pnr: string, viewer: Viewer): Promise<boolean> {
    const row = await this.#options.open(pnr, viewer);
    return revokeActiveShare(this.#options.db, row.id, this.#options.now().toISOString());
  }

  /**
   * The shared view of a share token: flights and passenger names only. NOT_FOUND for an unknown
   * or stopped link; SHARE_LINK_EXPIRED once the last flight has landed.
   */
  async sharedView(token: string): Promise<SharedBooking> {
    const { db } = this.#options;
    const share = await shareByTokenHash(db, secretHash(token.toLowerCase()));
    if (share === undefined || share.revoked_at !== null) {
      throw new ServiceError('NOT_FOUND', 'No such share link', {
        'params.token': ['manageBooking.share.apiNotFound'],
      });
    }
    const parts = await sharedParts(db, share.booking_id);
    const flights = parts.flights.map((flight) => ({
      index: flight.position,
      date: flight.date,
      from: flight.from_airport,
      to: flight.to_airport,
      segments: sharedSegments(flight.segments),
    }));
    const arrivals = flights.flatMap((flight) =>
      flight.segments.map((segment) => segment.arrivalUtc),
    );
    const validUntil = arrivals.reduce((latest, at) => (at > latest ? at : latest), '');
    if (validUntil === '' || Date.parse(validUntil) <= this.#options.now().getTime()) {
      throw new ServiceError('SHARE_LINK_EXPIRED', 'The trip is over', {
        _: ['manageBooking.share.apiExpired'],
      });
    }
    return {
      status: BookingStatusSchema.parse(share.status),
      flights,
      passengers: parts.passengers.map((passenger) => ({
        firstName: passenger.first_name,
        lastName: passenger.last_name,
      })),
      validUntil: new Date(validUntil).toISOString(),
    };
  }

  /**
   * Sends the tickets e-mail of a confirmed booking again, to `email`, through the outbox; each
   * sending is recorded with a keyed hash of the address. At most {@link TICKET_RESENDS_PER_HOUR}
   * an hour per booking, counted and recorded under the booking's lock.
   */
  async resendTickets(pnr: string, viewer: Viewer, email: string): Promise<void> {
    const { db, now, addressKey } = this.#options;
    const row = await this.#options.open(pnr, viewer);
    if (!CONFIRMED.has(row.status)) throw notConfirmed();
    const at = now();
    const emailHash = createHmac('sha256', addressKey)
      .update(`resend:${email.trim().toLowerCase()}`)
      .digest('hex');
    await db.transaction().execute(async (trx) => {
      await lockBooking(trx, row.id);
      const recent = await resendsSince(
        trx,
        row.id,
        new Date(at.getTime() - HOUR_MS).toISOString(),
      );
      if (recent.length >= TICKET_RESENDS_PER_HOUR) {
        const oldest = recent[recent.length - TICKET_RESENDS_PER_HOUR] ?? at.toISOString();
        throw new TicketResendLimit(
          Math.max(1, Math.ceil((Date.parse(oldest) + HOUR_MS - at.getTime()) / 1000)),
        );
      }
      await insertResend(trx, { bookingId: row.id, emailHash, now: at.toISOString() });
      await enqueue(trx, 'mail.booking-confirmation', { bookingId: row.id, to: email }, at);
    });
    this.#options.kickOutbox();
  }

  /** Writes the booking's feedback (replacing an earlier one) and answers it as stored. */
  async saveFeedback(
    pnr: string,
    viewer: Viewer,
    input: BookingFeedbackRequest,
  ): Promise<BookingFeedback> {
    const row = await this.#options.open(pnr, viewer);
    await upsertFeedback(this.#options.db, {
      bookingId: row.id,
      rating: input.rating,
      comment: (input.comment ?? '').trim(),
      now: this.#options.now().toISOString(),
    });
    const saved = await feedbackOf(this.#options.db, row.id);
    if (saved === null) throw new Error('feedback not stored');
    return saved;
  }
}
