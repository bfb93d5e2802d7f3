import { IDEMPOTENCY_KEY_HEADER, type PayResponse } from '@uniquair/contract/booking';
import type {
  ChangeOptionsResponse,
  ChangeRequest,
  ChangeResponse,
} from '@uniquair/contract/booking-changes';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';
import type { PaymentAttempt } from '../../payment/api/pay-booking.ts';

/** Voluntary flight changes (docs/flight-changes.md), with the booking's access. */

const base = (pnr: string) => `/api/booking/${encodeURIComponent(pnr.toUpperCase())}`;

/** `GET /api/booking/{pnr}/change-options?flightIndex=N&date=…`. */
export function getChangeOptions(
  pnr: string,
  flightIndex: number,
  date: string | null,
): Promise<ChangeOptionsResponse> {
  const query = new URLSearchParams({ flightIndex: String(flightIndex) });
  if (date) query.set('date', date);
  return apiGet<ChangeOptionsResponse>(`${base(pnr)}/change-options?${query.toString()}`, {
    headers: bookingAccessHeaders(pnr),
  });
}

/** `POST /api/booking/{pnr}/change` under its own idempotency key (the same for a retry). */
export function requestChange(
  pnr: string,
  change: ChangeRequest,
  key: string,
): Promise<ChangeResponse> {
  return apiPost<ChangeResponse>(`${base(pnr)}/change`, change, {
    headers: { ...bookingAccessHeaders(pnr), [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

/** `POST /api/booking/{pnr}/change/pay`: the change awaiting payment, as a booking is paid. */
export function payChange(pnr: string, attempt: PaymentAttempt): Promise<PayResponse> {
  return apiPost<PayResponse>(`${base(pnr)}/change/pay`, attempt.request, {
    headers: { ...bookingAccessHeaders(pnr), [IDEMPOTENCY_KEY_HEADER]: attempt.key },
  });
}
