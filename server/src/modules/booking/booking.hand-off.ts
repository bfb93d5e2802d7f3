import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import {
  addDeviceToken,
  bookingById,
  consumeBookingLinkToken,
  newDeviceToken,
} from './booking.repository.ts';

export type LinkPurpose = 'finish' | 'login_quick';

/**
 * The e-mailed hand-offs (SPEC §2, §7): a link that completes an unpaid booking or opens one on
 * another device, single use and expiring; using it grants that browser a device token.
 */
export class BookingHandOffs {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date) {
    this.#db = db;
    this.#now = now;
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
}
