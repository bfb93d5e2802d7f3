import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FlightInfoResponse } from '@uniquair/contract/flight';
import type { SearchParams } from '@uniquair/contract/search';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { forgetResult, runSearch } from '../../../lib/search/search-run.ts';
import { getFlightInfo } from '../../../lib/search/get-flight-info.ts';
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

/** The trip's search ended without a result: `expired` (search again) or `error`. */
class TripSearchError extends Error {
  override readonly name = 'TripSearchError';
  constructor(
    readonly status: 'expired' | 'error',
    /** The server could not be reached. */
    readonly offline = false,
  ) {
    super(`The trip search ended with status ${status}`);
  }
}

/**
 * The search the booking is made from: ONE search with every leg of the trip and its passengers,
 * so that one search hash names all the chosen flights. A search is deterministic and stored by
 * the server, so a trip searched again joins the stored result.
 */
async function searchTrip(queryClient: QueryClient, params: SearchParams, signal: AbortSignal) {
  const outcome = await runSearch(params, { queryClient, signal });
  if (outcome.status === 'done') return outcome;
  throw new TripSearchError(
    outcome.status,
    outcome.status === 'error' && outcome.failure === 'offline',
  );
}

/** Searches again at most this many times in a row after an expired result, then gives up. */
const MAX_EXPIRED_RETRIES = 2;

function isExpiredError(error: unknown): boolean {
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
      let searched: string | null = null;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const search = await searchTrip(queryClient, params, signal);
          const missing = missingLeg(trip, search.result);
          if (missing !== null) return { kind: 'missing', leg: missing };
          searched = search.hash;
          const info = await getFlightInfo(search.hash, ids, signal);
          return { kind: 'offer', hash: search.hash, info };
        } catch (error) {
          if (!isExpiredError(error) || attempt >= MAX_EXPIRED_RETRIES) throw error;
          // Never offered to the server again: the next search starts afresh.
          if (searched !== null) forgetResult(searched);
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
        : {
            phase: 'failed',
            offline:
              (isApiError(error) && error.isNetworkError) ||
              (error instanceof TripSearchError && error.offline),
          };
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
