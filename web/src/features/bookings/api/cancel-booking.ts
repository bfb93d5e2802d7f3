import { IDEMPOTENCY_KEY_HEADER, type Money } from '@uniquair/contract/booking';
import type {
  CancelBookingResponse,
  CancellationQuoteResponse,
} from '@uniquair/contract/cancellation';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';

const base = (pnr: string) => `/api/booking/${encodeURIComponent(pnr.toUpperCase())}`;

/** `GET /api/booking/{pnr}/cancellation-quote`: what cancelling gives back now. */
export function getCancellationQuote(pnr: string): Promise<CancellationQuoteResponse> {
  return apiGet<CancellationQuoteResponse>(`${base(pnr)}/cancellation-quote`, {
    headers: bookingAccessHeaders(pnr),
  });
}

/** One cancel: the refund accepted and the idempotency key a retry sends again. */
export interface CancelAttempt {
  readonly key: string;
  readonly acceptedRefund: Money;
}

/**
 * `POST /api/booking/{pnr}/cancel` with the attempt's `Idempotency-Key`: a retry after a lost
 * answer cancels (and refunds) once.
 */
export function cancelBooking(pnr: string, attempt: CancelAttempt): Promise<CancelBookingResponse> {
  return apiPost<CancelBookingResponse>(
    `${base(pnr)}/cancel`,
    { acceptedRefund: attempt.acceptedRefund },
    { headers: { ...bookingAccessHeaders(pnr), [IDEMPOTENCY_KEY_HEADER]: attempt.key } },
  );
}
