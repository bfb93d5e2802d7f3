import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  queryString,
  readResultsQuery,
  writeResultsQuery,
  type ResultsQuery,
} from '../results-query.ts';

interface Shown {
  /** The query string the shown filters belong to. */
  readonly search: string;
  readonly query: ResultsQuery;
  /** While a change is on its way to the URL: the query string it replaces. */
  readonly replaced: string | null;
}

/**
 * The results page's filters and sort order (SPEC §3), kept in the URL's query. A change shows
 * at once — the list and the controls follow in the same render — and the URL follows it (a
 * replaced entry, so reload and shared links keep it); a query the URL gets from elsewhere (back,
 * forward, a link) is read again.
 */
export function useResultsQuery(): readonly [ResultsQuery, (next: ResultsQuery) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>(() => ({
    search: location.search,
    query: readResultsQuery(new URLSearchParams(location.search)),
    replaced: null,
  }));
  if (location.search === shown.search) {
    if (shown.replaced !== null) setShown({ ...shown, replaced: null });
  } else if (location.search !== shown.replaced) {
    setShown({
      search: location.search,
      query: readResultsQuery(new URLSearchParams(location.search)),
      replaced: null,
    });
  }

  const change = useCallback(
    (next: ResultsQuery) => {
      const search = queryString(writeResultsQuery(new URLSearchParams(location.search), next));
      setShown({ search, query: next, replaced: location.search });
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [navigate, location.pathname, location.search, location.hash],
  );
  return [shown.query, change] as const;
}
