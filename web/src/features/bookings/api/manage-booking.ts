import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import type {
  BookingFeedbackRequest,
  BookingFeedbackResponse,
  BookingShareResponse,
  BookingShareRevokedResponse,
  ResendTicketsResponse,
  SharedBookingResponse,
} from '@uniquair/contract/booking-manage';
import { apiFetch, apiGet, apiPost } from '../../../lib/api-client.ts';
import { bookingAccessHeaders, bookingQueryKey } from '../../../lib/booking-access.ts';

/** Managing a booking: share link, re-sent tickets, feedback (docs/booking-pages.md). */

const bookingPath = (pnr: string, action: string) =>
  `/api/booking/${encodeURIComponent(pnr.toUpperCase())}/${action}`;

/** `POST /api/booking/{pnr}/share`: a new link (the previous one stops working). */
export function useShareBooking(pnr: string) {
  return useMutation({
    mutationFn: () =>
      apiPost<BookingShareResponse>(bookingPath(pnr, 'share'), undefined, {
        headers: bookingAccessHeaders(pnr),
      }),
  });
}

/** `DELETE /api/booking/{pnr}/share`. */
export function useStopSharing(pnr: string) {
  return useMutation({
    mutationFn: async () =>
      (
        await apiFetch<BookingShareRevokedResponse>(bookingPath(pnr, 'share'), {
          method: 'DELETE',
          headers: bookingAccessHeaders(pnr),
        })
      ).data,
  });
}

/** `POST /api/booking/{pnr}/resend-tickets`. */
export function useResendTickets(pnr: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiPost<ResendTicketsResponse>(
        bookingPath(pnr, 'resend-tickets'),
        { email },
        { headers: bookingAccessHeaders(pnr) },
      ),
  });
}

/** `POST /api/booking/{pnr}/feedback`; the booking read shows the saved feedback at once. */
export function useSaveFeedback(pnr: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedback: BookingFeedbackRequest) =>
      apiPost<BookingFeedbackResponse>(bookingPath(pnr, 'feedback'), feedback, {
        headers: bookingAccessHeaders(pnr),
      }),
    onSuccess: ({ feedback }) => {
      queryClient.setQueryData<BookingDetail>(bookingQueryKey(pnr), (booking) =>
        booking ? { ...booking, feedback } : booking,
      );
    },
  });
}

/** `GET /api/booking/shared/{token}`: a trip someone shared (no sign-in, no device token). */
export async function getSharedBooking(token: string) {
  return (await apiGet<SharedBookingResponse>(`/api/booking/shared/${encodeURIComponent(token)}`))
    .shared;
}
