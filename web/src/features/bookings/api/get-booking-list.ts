import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingListResponse } from '@uniquair/contract/booking-list';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /api/booking/list?page=` (SPEC §7): all bookings of the account, a page at a time. */
export function getBookingList(page: number): Promise<BookingListResponse> {
  return apiGet<BookingListResponse>(`/api/booking/list?page=${page}`);
}

export const bookingListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['bookings', 'list', page],
    queryFn: () => getBookingList(page),
    placeholderData: keepPreviousData,
  });

export function useBookingList(page: number) {
  return useQuery(bookingListQueryOptions(page));
}
