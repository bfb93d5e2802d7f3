import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SearchParams } from '@uniquair/contract/search';
import { SEARCH_RESULT_EXPIRY_MS } from '@uniquair/domain/config/timings';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  fetchSearchResult,
  forgetResult,
  runSearch,
  searchKey,
  useSearchProgress,
  type SearchOutcome,
} from '../../../lib/search/search-run.ts';

/**
 * The searches of a trip, one per leg, so that each leg's flights show as soon as that leg is
 * found (and a leg searched before, in this trip or another, comes from the server's store at
 * once). Each leg follows SPEC §4 through `runSearch`; a result is kept until the moment it
 * expires, then searched again ('Search expired, will reload').
 */

export interface LegSearchRequest {
  readonly routeId: number;
  readonly date: Ymd;
  /** False for a leg that cannot be searched (a day the route does not fly): nothing is asked. */
  readonly searchable: boolean;
}

type DoneOutcome = Extract<SearchOutcome, { status: 'done' }>;
type ErrorOutcome = Extract<SearchOutcome, { status: 'error' }>;

export type LegSearchState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'searching'; readonly progress: number }
  | { readonly phase: 'done'; readonly outcome: DoneOutcome }
  | { readonly phase: 'error'; readonly outcome: ErrorOutcome }
  /** The result expired and the leg is being searched again; the old result, if any, meanwhile. */
  | {
      readonly phase: 'expired';
      readonly progress: number;
      readonly outcome: DoneOutcome | null;
    };

export interface TripSearch {
  readonly legs: readonly LegSearchState[];
  /** Progress of the whole trip, 0–100: the mean over the legs searched. */
  readonly progress: number;
  /** Whether any leg is still being searched. */
  readonly searching: boolean;
  /** Whether a leg is being searched again because its result expired. */
  readonly reloading: boolean;
  /** When expired results were last searched again in this visit, until dismissed. */
  readonly reloadedAt: Date | null;
  readonly dismissReload: () => void;
  /** Searches a failed leg again. */
  readonly retry: (index: number) => void;
}

export function legSearchParams(
  leg: Pick<LegSearchRequest, 'routeId' | 'date'>,
  passengers: Passengers,
  bags: BagCount = 0,
): SearchParams {
  return {
    destinations: [{ route: leg.routeId, date: leg.date }],
    passengers: {
      adults: passengers.adults,
      children: passengers.children,
      infants: passengers.infants,
    },
    // Sent only with bags, so a search without them is the same request as ever.
    ...(bags > 0 ? { bags } : {}),
  };
}

export const legSearchQueryKey = (params: SearchParams) => ['search', searchKey(params)] as const;

function isExpired(outcome: SearchOutcome | undefined, now: number): boolean {
  return (
    outcome?.status === 'expired' ||
    (outcome?.status === 'done' && outcome.expiresAt !== null && outcome.expiresAt <= now)
  );
}

// Legs being searched again because their result expired, and when that last finished: shared
// by every page of the visit (the basket and the results page show the same trip).
const renewing = new Set<string>();
let lastRenewal: number | null = null;
let renewalVersion = 0;
const renewalListeners = new Set<() => void>();

function changeRenewals(change: () => void): void {
  change();
  renewalVersion += 1;
  for (const listener of renewalListeners) listener();
}

function subscribeRenewals(listener: () => void): () => void {
  renewalListeners.add(listener);
  return () => {
    renewalListeners.delete(listener);
  };
}

const renewalSnapshot = () => renewalVersion;

/**
 * The query of one leg: `runSearch`, then, for a result whose expiry init did not tell (a `304`
 * for the copy held), its expiry.
 */
export function legSearchQuery(queryClient: QueryClient, params: SearchParams, enabled = true) {
  const queryKey = legSearchQueryKey(params);
  return {
    queryKey,
    enabled,
    staleTime: Infinity,
    gcTime: SEARCH_RESULT_EXPIRY_MS,
    retry: false,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SearchOutcome> => {
      const key = searchKey(params);
      const previous = queryClient.getQueryData<SearchOutcome>(queryKey);
      const renewal = isExpired(previous, Date.now());
      if (renewal) {
        if (previous && previous.status !== 'error') forgetResult(previous.hash);
        changeRenewals(() => renewing.add(key));
      }
      let outcome: SearchOutcome;
      try {
        outcome = await runSearch(params, { queryClient, signal });
      } finally {
        if (renewal) changeRenewals(() => renewing.delete(key));
      }
      if (renewal && outcome.status === 'done') changeRenewals(() => (lastRenewal = Date.now()));
      if (outcome.status === 'done' && outcome.expiresAt === null) {
        // Used as it is; a conditional request (304) then tells when it expires.
        void fetchSearchResult(outcome.hash).then(
          (checked) => {
            const current = queryClient.getQueryData<SearchOutcome>(queryKey);
            if (current?.status !== 'done' || current.hash !== outcome.hash) return;
            if (checked.status === 'done' || checked.status === 'expired') {
              queryClient.setQueryData(queryKey, checked);
            }
          },
          () => undefined,
        );
      }
      return outcome;
    },
    // Search again the moment the result expires, in a background tab too.
    refetchIntervalInBackground: true,
    refetchInterval: (query: { state: { data: SearchOutcome | undefined } }) => {
      const outcome = query.state.data;
      if (outcome?.status === 'expired') return 1;
      if (outcome?.status !== 'done' || outcome.expiresAt === null) return false;
      return Math.max(1, outcome.expiresAt - Date.now());
    },
  };
}

const watchedCaches = new WeakSet<object>();

/** Whether two states of a leg show the same: the same phase, progress and outcome. */
function sameLegState(a: LegSearchState, b: LegSearchState | undefined): boolean {
  if (!b || a.phase !== b.phase) return false;
  const progress = (state: LegSearchState) => ('progress' in state ? state.progress : null);
  const outcome = (state: LegSearchState) => ('outcome' in state ? state.outcome : null);
  return progress(a) === progress(b) && outcome(a) === outcome(b);
}

/**
 * Results held for conditional requests go when their query goes: dropped from the cache after
 * a while, or removed at sign-out with the rest of the visitor's data (SPEC §4).
 */
function forgetRemovedResults(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  cache.subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (event.type !== 'removed' || key[0] !== 'search') return;
    const outcome = event.query.state.data as SearchOutcome | undefined;
    if (outcome && outcome.status !== 'error') forgetResult(outcome.hash);
  });
}

export function useTripSearch(
  requests: readonly LegSearchRequest[],
  passengers: Passengers,
  bags: BagCount = 0,
): TripSearch {
  const queryClient = useQueryClient();
  useEffect(() => forgetRemovedResults(queryClient), [queryClient]);
  const params = useMemo(
    () => requests.map((request) => legSearchParams(request, passengers, bags)),
    [requests, passengers, bags],
  );
  const queries = useQueries({
    queries: params.map((leg, index) =>
      legSearchQuery(queryClient, leg, requests[index]?.searchable ?? false),
    ),
  });
  const progresses = useSearchProgress(params);
  useSyncExternalStore(subscribeRenewals, renewalSnapshot, renewalSnapshot);
  const renewedAt = lastRenewal;
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const computed = queries.map((query, index): LegSearchState => {
    const request = requests[index];
    const leg = params[index];
    if (!request?.searchable || !leg) return { phase: 'idle' };
    const outcome = query.data;
    const key = searchKey(leg);
    const progress = progresses[index];
    const running = progress?.status === 'progress' ? progress.progress : 0;
    if (outcome?.status === 'expired' || renewing.has(key)) {
      return {
        phase: 'expired',
        progress: running,
        outcome: outcome?.status === 'done' ? outcome : null,
      };
    }
    if (outcome?.status === 'done') return { phase: 'done', outcome };
    if (outcome?.status === 'error' && !query.isFetching) return { phase: 'error', outcome };
    return { phase: 'searching', progress: running };
  });

  // The same array while nothing in it changed, so that a screen can defer rendering it
  // (`useDeferredValue`) without rendering again for nothing.
  const [kept, keep] = useState(computed);
  const unchanged =
    kept.length === computed.length &&
    kept.every((leg, index) => sameLegState(leg, computed[index]));
  if (!unchanged) keep(computed);
  const legs = unchanged ? kept : computed;

  const searched = legs.filter((leg) => leg.phase !== 'idle');
  const progress =
    searched.length === 0
      ? 0
      : Math.floor(
          searched.reduce(
            (sum, leg) =>
              sum + (leg.phase === 'searching' || leg.phase === 'expired' ? leg.progress : 100),
            0,
          ) / searched.length,
        );

  const retry = useCallback(
    (index: number) => {
      const leg = params[index];
      if (leg) void queryClient.refetchQueries({ queryKey: legSearchQueryKey(leg), exact: true });
    },
    [params, queryClient],
  );
  const dismissReload = useCallback(() => setDismissedAt(lastRenewal), []);
  const reloading = legs.some((leg) => leg.phase === 'expired');

  return {
    legs,
    progress,
    searching: legs.some((leg) => leg.phase === 'searching' || leg.phase === 'expired'),
    reloading,
    reloadedAt: renewedAt !== null && renewedAt !== dismissedAt ? new Date(renewedAt) : null,
    dismissReload,
    retry,
  };
}
