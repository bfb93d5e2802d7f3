import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPassengersResponse } from '@uniquair/contract/booking-list';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /api/booking/passengers` (SPEC §7): the signed-in traveller's passengers of earlier bookings. */
export function getSavedPassengers(): Promise<SavedPassengersResponse> {
  return apiGet<SavedPassengersResponse>('/api/booking/passengers');
}

export const savedPassengersQueryOptions = () =>
  queryOptions({ queryKey: ['bookings', 'passengers'], queryFn: getSavedPassengers });

/** Saved passengers of a signed-in traveller; nothing is asked for an anonymous visitor. */
export function useSavedPassengers(signedIn: boolean) {
  return useQuery({ ...savedPassengersQueryOptions(), enabled: signedIn });
}
