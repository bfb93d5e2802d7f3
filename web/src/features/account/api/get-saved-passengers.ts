import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedPassengersResponse } from '@uniquair/contract/booking-list';
import { apiFetch, apiGet } from '../../../lib/api-client.ts';

/** `GET /api/booking/passengers` (SPEC §7): the passengers of the account's earlier bookings. */
export function getSavedPassengers(): Promise<SavedPassengersResponse> {
  return apiGet<SavedPassengersResponse>('/api/booking/passengers');
}

export const savedPassengersQueryOptions = () =>
  queryOptions({ queryKey: ['bookings', 'passengers'], queryFn: getSavedPassengers });

export function useSavedPassengers() {
  return useQuery(savedPassengersQueryOptions());
}

/** `DELETE /api/booking/passengers/{id}`. */
export async function deleteSavedPassenger(id: number): Promise<void> {
  await apiFetch(`/api/booking/passengers/${id}`, { method: 'DELETE' });
}

export function useDeleteSavedPassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedPassenger,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: savedPassengersQueryOptions().queryKey }),
  });
}
