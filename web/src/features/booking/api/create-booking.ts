import { useMutation } from '@tanstack/react-query';
import type { CreateBookingRequest, CreateBookingResponse } from '@uniquair/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /api/booking/create`: holds the seats and creates the booking from the trip's search.
 * The server prices it; errors (PRICE_INCREASED, FLIGHT_UNAVAILABLE, SEARCH_EXPIRED,
 * VALIDATION_ERROR) come back as `ApiError`s with the error body's fields.
 */
export function createBooking(request: CreateBookingRequest): Promise<CreateBookingResponse> {
  return apiPost<CreateBookingResponse>('/api/booking/create', request);
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
