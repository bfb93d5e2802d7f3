import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  addDeviceToken,
  bookingById,
  bookingByPnr,
  consumeBookingLinkToken,
  issueBookingLinkToken,
  linkTokensIssuedSince,
  newDeviceToken,
  type BookingRow,
} from './booking.repository.ts';

export type LinkPurpose = 'finish' | 'login_quick';

/** How long a link sent on request opens the booking (a payable one: until its hold ends). */
export const REQUESTED_LINK_HOURS = 24;
/** Links a booking's address receives in an hour at most, the confirmation's included. */
export const LINKS_PER_BOOKING_PER_HOUR = 3;

export interface BookingHandOffOptions {
  db: Kysely<Database>;
  now: () => Date;
  mail: MailService;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The e-mailed hand-offs (SPEC §2, §7): a link that completes an unpaid booking or opens one on
 * another device, single use and expiring; using it grants that browser a device token.
 */
export class BookingHandOffs {
  readonly #options: BookingHandOffOptions;
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(options: BookingHandOffOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#now = options.now;
  }

  /**
   * Uses an e-mailed link (single use, expiring): grants this browser a new device token for the
   * booking, and leads to the pay page while the booking can still be paid, otherwise (paid,
   * ticketed, expired, …, or a sign-in link) to the booking page. LINK_EXPIRED for a token that is unknown, used, expired, of another purpose or of
   * another booking, all alike.
   */
  async handOff(
    pnr: string,
    token: string,
    purpose: LinkPurpose,
  ): Promise<{ pnr: string; deviceToken: string; next: string }> {
    const now = this.#now().toISOString();
    const bookingId = await consumeBookingLinkToken(this.#db, pnr, token, purpose, now);
    if (bookingId === null) {
      const message = 'This link has expired or has already been used';
      throw new ServiceError('LINK_EXPIRED', message, { _: [message] });
    }
    const deviceToken = newDeviceToken();
    await addDeviceToken(this.#db, bookingId, deviceToken, now);
    const booking = await bookingById(this.#db, bookingId);
    const payable =
      booking?.status === 'not_paid' &&
      booking.hold_expires_at !== null &&
      booking.hold_expires_at > now;
    return {
      pnr,
      deviceToken,
      next: purpose === 'finish' && payable ? `/booking/${pnr}/pay` : `/bookings/${pnr}`,
    };
  }

  /**
   * A new e-mailed link for a booking whose link was used up or expired, or that another device
   * wants to open: sent only to the address the booking was made with, so knowing a PNR gives
   * nothing but a message to its owner. A payable booking gets a link to finish paying (until its
   * hold ends), any other one a link that opens it. At most {@link LINKS_PER_BOOKING_PER_HOUR}
   * links an hour reach an address; past that the request is logged and nothing is sent.
   * NOT_FOUND for an unknown PNR (the route answers the caller alike either way).
   */
  async sendNewLink(pnr: string): Promise<void> {
    const booking = await bookingByPnr(this.#db, pnr);
    if (booking === undefined) throw new ServiceError('NOT_FOUND', 'Booking not found');
    const now = this.#now();
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    if (
      (await linkTokensIssuedSince(this.#db, booking.id, hourAgo)) >= LINKS_PER_BOOKING_PER_HOUR
    ) {
      this.#options.log.info({ bookingId: booking.id }, 'new booking link not sent: hourly cap');
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      const { purpose, expiresAt } = requestedLink(booking, now);
      const token = await issueBookingLinkToken(trx, booking.id, purpose, expiresAt, now);
      const path =
        purpose === 'finish'
          ? `/api/booking/${booking.pnr}/finish/${token}`
          : `/api/booking/login-quick/${booking.pnr}/${token}`;
      await this.#options.mail.enqueue(trx, {
        kind: 'bookingLink',
        to: booking.booker_email,
        locale: booking.locale,
        firstName: booking.booker_first_name,
        link: `${this.#options.publicUrl}${path}`,
        values: { pnr: booking.pnr },
      });
    });
    this.#options.mail.kick();
  }
}

/** Which link a booking gets on request, and until when it works. */
function requestedLink(booking: BookingRow, now: Date): { purpose: LinkPurpose; expiresAt: Date } {
  const holdEnds = booking.hold_expires_at === null ? null : new Date(booking.hold_expires_at);
  if (booking.status === 'not_paid' && holdEnds !== null && holdEnds > now) {
    return { purpose: 'finish', expiresAt: holdEnds };
  }
  return {
    purpose: 'login_quick',
    expiresAt: new Date(now.getTime() + REQUESTED_LINK_HOURS * 3_600_000),
  };
}
