import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  /**
   * While changes are on their way to the URL: the query strings they are ahead of. The location
   * may still show one of them for a while — the one a change replaces, or one an earlier change
   * wrote whose render has not arrived yet (the router renders a new location in a transition,
   * so a tap can come before it).
   */
  readonly behind: readonly string[];
}

function fromLocation(search: string): Shown {
  return { search, query: readResultsQuery(new URLSearchParams(search)), behind: [] };
}

/**
 * The results page's filters and sort order (SPEC §3), kept in the URL's query. A change shows
 * at once — the list and the controls follow in the same render — and the URL follows it once
 * that is on screen (a replaced entry, so reload and shared links keep it): replacing the history
 * entry and the router's render of the new location are then not part of the tap or key press
 * (Event Timing measured ~10 ms for `history.replaceState` alone). Of changes made faster than
 * that, only the last reaches the URL, and none if the page has moved meanwhile (a flight
 * chosen, a link followed). A query the URL gets from elsewhere (back, forward, a link) is read
 * again. Links and navigations that keep the filters build on the returned query string, which
 * is ahead of the URL while a change is on its way.
 */
export function useResultsQuery(): readonly [
  query: ResultsQuery,
  change: (next: ResultsQuery) => void,
  /** The query string of what is shown: the URL's, or the one a change is writing to it. */
  search: string,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>(() => fromLocation(location.search));
  if (location.search === shown.search) {
    if (shown.behind.length > 0) setShown({ ...shown, behind: [] });
  } else if (!shown.behind.includes(location.search)) {
    setShown(fromLocation(location.search));
  }

  // The location as last rendered: a URL update still waiting is dropped if it moved meanwhile.
  const rendered = useRef(location);
  // What is shown, as of the last render or change: a handler of an older render builds on it.
  const latest = useRef(shown);
  useLayoutEffect(() => {
    rendered.current = location;
    latest.current = shown;
  });
  // The URL update waiting for the change to be painted.
  const pending = useRef<{ frame: number; timer: ReturnType<typeof setTimeout> | null } | null>(
    null,
  );
  const cancelPending = useCallback(() => {
    if (pending.current === null) return;
    cancelAnimationFrame(pending.current.frame);
    if (pending.current.timer !== null) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);
  useEffect(() => cancelPending, [cancelPending]);

  const change = useCallback(
    (next: ResultsQuery) => {
      // Built on the last change rather than on the rendered location, which may lag behind it.
      const last = latest.current;
      const search = queryString(writeResultsQuery(new URLSearchParams(last.search), next));
      const behind = [...new Set([...last.behind, last.search, rendered.current.search])];
      latest.current = { search, query: next, behind };
      setShown(latest.current);
      cancelPending();
      const pathname = location.pathname;
      // After the next frame is painted: a timer set in an animation frame runs after it.
      const entry: { frame: number; timer: ReturnType<typeof setTimeout> | null } = {
        frame: requestAnimationFrame(() => {
          entry.timer = setTimeout(() => {
            pending.current = null;
            const now = rendered.current;
            if (now.pathname !== pathname) return;
            if (now.search === search || !behind.includes(now.search)) return;
            // The hash as it is now: an overlay opened meanwhile (`#edit`) stays open.
            void navigate(
              { pathname, search, hash: now.hash },
              { replace: true, preventScrollReset: true },
            );
          });
        }),
        timer: null,
      };
      pending.current = entry;
    },
    [navigate, location.pathname, cancelPending],
  );
  return [shown.query, change, shown.search] as const;
}
