import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { savedPassengersQueryOptions } from '../../../lib/get-saved-passengers.ts';

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
