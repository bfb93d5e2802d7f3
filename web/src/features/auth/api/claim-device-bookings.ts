import type { ClaimBookingsResponse } from '@uniquair/contract/booking-list';
import { MAX_DEVICE_TOKENS } from '@uniquair/contract/booking-list';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /api/booking/claim` (SPEC §6): after sign-in, the bookings made on this device without an
 * account move into it (their passengers become saved passengers).
 */
export function claimDeviceBookings(tokens: readonly string[]): Promise<ClaimBookingsResponse> {
  return apiPost<ClaimBookingsResponse>('/api/booking/claim', {
    tokens: tokens.slice(-MAX_DEVICE_TOKENS),
  });
}
