import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightInfoResponse } from '@uniquair/contract/flight';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { getFlightInfo } from '../api/get-flight-info.ts';
import { searchTrip, TripSearchError } from '../api/trip-search.ts';
import {
  checkOffer,
  missingLeg,
  tripSearchParams,
  type ChosenTrip,
  type TripOffer,
} from '../trip-offer.ts';

export type TripOfferState =
  | { readonly phase: 'checking'; readonly expired: boolean }
  | { readonly phase: 'ready'; readonly offer: TripOffer; readonly expired: boolean }
  | { readonly phase: 'unavailable'; readonly leg: number }
  | { readonly phase: 'failed'; readonly offline: boolean };

/** Searches again at most this many times in a row after an expired result, then gives up. */
const MAX_EXPIRED_RETRIES = 2;

export function isExpiredError(error: unknown): boolean {
  return (
    (error instanceof TripSearchError && error.status === 'expired') ||
    (isApiError(error) && (error.status === 410 || error.code === 'SEARCH_EXPIRED'))
  );
}

type Checked =
  | { readonly kind: 'offer'; readonly hash: string; readonly info: FlightInfoResponse }
  | { readonly kind: 'missing'; readonly leg: number };

/**
 * The trip re-priced: the one search of all its legs, then the chosen flights' current fares
 * (flight info). An expired result is searched again at once, and the flow says so
 * ('Search result expired', 'Search expired, will reload'); `refresh()` does the same on demand,
 * e.g. after the booking call answered SEARCH_EXPIRED.
 */
export function useTripOffer(trip: ChosenTrip): TripOfferState & { refresh: () => void } {
  const queryClient = useQueryClient();
  const params = useMemo(() => tripSearchParams(trip), [trip]);
  const ids = trip.destinations.map((destination) => destination.flightId);
  const [expired, setExpired] = useState(false);
  const markExpired = useRef(() => setExpired(true));
  const queryKey = ['booking', 'trip-offer', params, ids] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<Checked> => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const search = await searchTrip(params, signal);
          const missing = missingLeg(trip, search.result);
          if (missing !== null) return { kind: 'missing', leg: missing };
          const info = await getFlightInfo(search.hash, ids, signal);
          return { kind: 'offer', hash: search.hash, info };
        } catch (error) {
          if (!isExpiredError(error) || attempt >= MAX_EXPIRED_RETRIES) throw error;
          markExpired.current();
        }
      }
    },
    staleTime: Infinity,
    retry: false,
  });

  const refresh = useCallback(() => {
    setExpired(true);
    void queryClient.resetQueries({ queryKey: ['booking', 'trip-offer'] });
  }, [queryClient]);

  let state: TripOfferState;
  if (query.isError) {
    const error = query.error;
    state =
      isApiError(error) && error.code === 'NOT_FOUND'
        ? { phase: 'unavailable', leg: 0 }
        : { phase: 'failed', offline: isApiError(error) && error.isNetworkError };
  } else if (!query.data || query.isFetching) {
    state = { phase: 'checking', expired };
  } else if (query.data.kind === 'missing') {
    state = { phase: 'unavailable', leg: query.data.leg };
  } else {
    const checked = checkOffer(trip, query.data.hash, query.data.info);
    state = checked.ok
      ? { phase: 'ready', offer: checked.offer, expired }
      : { phase: 'unavailable', leg: checked.unavailableLeg };
  }
  return { ...state, refresh };
}
