import {
  IDEMPOTENCY_KEY_HEADER,
  type PayRequest,
  type PayResponse,
} from '@uniquair/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';

/** One payment attempt: its body and the idempotency key that names it. */
export interface PaymentAttempt {
  readonly key: string;
  readonly request: PayRequest;
}

/** A new attempt gets a new key; a retry of the same attempt sends the same key again. */
export function newPaymentAttempt(request: PayRequest): PaymentAttempt {
  return { key: crypto.randomUUID(), request };
}

/**
 * `POST /api/booking/{pnr}/pay` with the attempt's `Idempotency-Key`: a card travels as the
 * gateway's token, brand, last four digits and expiry, never as its number or security code.
 */
export function payBooking(pnr: string, attempt: PaymentAttempt): Promise<PayResponse> {
  return apiPost<PayResponse>(
    `/api/booking/${encodeURIComponent(pnr.toUpperCase())}/pay`,
    attempt.request,
    { headers: { ...bookingAccessHeaders(pnr), [IDEMPOTENCY_KEY_HEADER]: attempt.key } },
  );
}
