import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentOptionsResponse } from '@uniquair/contract/booking';
import { apiGet } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';

/**
 * `GET /api/booking/{pnr}/payment-options`: the enabled ways to pay this booking, each with the
 * amount and currency it would charge, and where card fields are tokenised.
 */
export function getPaymentOptions(pnr: string): Promise<PaymentOptionsResponse> {
  return apiGet<PaymentOptionsResponse>(
    `/api/booking/${encodeURIComponent(pnr.toUpperCase())}/payment-options`,
    { headers: bookingAccessHeaders(pnr) },
  );
}

export const paymentOptionsQueryOptions = (pnr: string) =>
  queryOptions({
    queryKey: ['booking', pnr.toUpperCase(), 'payment-options'],
    queryFn: () => getPaymentOptions(pnr),
  });

export function usePaymentOptions(pnr: string, enabled: boolean) {
  return useQuery({ ...paymentOptionsQueryOptions(pnr), enabled });
}
