import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPassengersResponse } from '@uniquair/contract/booking-list';
import { apiGet } from './api-client.ts';

/**
 * `GET /api/booking/passengers` (SPEC §7): the signed-in traveller's passengers of earlier
 * bookings, listed on the account page and offered by the booking flow.
 */
export function getSavedPassengers(): Promise<SavedPassengersResponse> {
  return apiGet<SavedPassengersResponse>('/api/booking/passengers');
}

export const savedPassengersQueryOptions = () =>
  queryOptions({ queryKey: ['bookings', 'passengers'], queryFn: getSavedPassengers });

/** Saved passengers; nothing is asked while `enabled` is false (an anonymous visitor). */
export function useSavedPassengers(enabled = true) {
  return useQuery({ ...savedPassengersQueryOptions(), enabled });
}
