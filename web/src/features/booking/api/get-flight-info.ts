import type { FlightInfoResponse } from '@uniquair/contract/flight';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /api/flight/info/{hash}?ids=…` (SPEC §7): the chosen flights of the trip's search as they
 * are now — each fare class's current price and seats left, conditions, baggage and the extras it
 * sells. The booking flow re-prices the trip with it.
 */
export function getFlightInfo(
  hash: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FlightInfoResponse> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return apiGet<FlightInfoResponse>(
    `/api/flight/info/${encodeURIComponent(hash)}?${query.toString()}`,
    { signal },
  );
}
