import { queryOptions } from '@tanstack/react-query';
import type { BookingDetail, BookingResponse } from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { apiGet, apiPost } from './api-client.ts';
import { readDeviceBookings } from './device-data.ts';
import { withOfflineCopy } from './pwa/offline-bookings.ts';

/**
 * Reading one booking (SPEC §6, DESIGN §6). A PNR alone opens nothing: the server answers a
 * signed-in owner, or a browser that presents the booking's device token in the
 * `X-Booking-Tokens` header; everyone else gets 404, as for a PNR that does not exist. The pay
 * page, the payment result pages, the booking page and the e-ticket all read it through here.
 */

/** The device-token header for `pnr`, when this device keeps a token for it. */
export function bookingAccessHeaders(pnr: string): Record<string, string> {
  const wanted = pnr.toUpperCase();
  const tokens = readDeviceBookings()
    .filter((booking) => booking.pnr.toUpperCase() === wanted)
    .map((booking) => booking.token);
  return tokens.length === 0 ? {} : { [DEVICE_TOKENS_HEADER]: tokens.join(',') };
}

/**
 * `GET /api/booking/{pnr}/get`: the booking, if this browser may read it (else a 404 ApiError).
 * Each read is kept for offline use; without a connection the kept copy answers.
 */
export async function getBooking(pnr: string): Promise<BookingDetail> {
  return withOfflineCopy(pnr, async () => {
    const response = await apiGet<BookingResponse>(
      `/api/booking/${encodeURIComponent(pnr.toUpperCase())}/get`,
      { headers: bookingAccessHeaders(pnr) },
    );
    return response.booking;
  });
}

export const bookingQueryKey = (pnr: string) => ['booking', pnr.toUpperCase()] as const;

export const bookingQueryOptions = (pnr: string) =>
  queryOptions({
    queryKey: bookingQueryKey(pnr),
    queryFn: () => getBooking(pnr),
    // A booking changes with payments and tickets; never show an old state for long.
    staleTime: 5_000,
  });

/** States in which the booking will not change by itself any more. */
export function isSettledBooking(booking: BookingDetail): boolean {
  return ['ticketed', 'pay_at_airline', 'expired', 'cancelled'].includes(booking.status);
}

/**
 * `POST /api/booking/{pnr}/send-link`: asks for a new e-mailed link to the booking, which goes to
 * the address the booking was made with (the answer is the same whether or not it exists).
 */
export async function requestBookingLink(pnr: string): Promise<void> {
  await apiPost(`/api/booking/${encodeURIComponent(pnr.toUpperCase())}/send-link`);
}
