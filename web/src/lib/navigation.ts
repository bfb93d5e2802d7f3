import { isSearchResultPath } from '@uniquair/domain/search/search-path';

/**
 * What a navigation does to scroll and focus (SPEC §2 "Scroll resets to top on navigation,
 * except between the search result routes"; WCAG: focus moves to the new page's heading).
 */

export interface PlaceLike {
  readonly pathname: string;
  readonly search: string;
}

export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

/**
 * True when a navigation from `previous` to `next` goes to the top of the page. Back and forward
 * keep the browser's position, a change of the hash alone (an overlay) keeps it, and so does a
 * move between two search result pages (`/flights/…` ↔ `/multi/…`).
 */
export function shouldResetScroll(
  previous: PlaceLike,
  next: PlaceLike,
  kind: NavigationKind,
): boolean {
  if (kind === 'POP') return false;
  if (previous.pathname === next.pathname && previous.search === next.search) return false;
  return !(isSearchResultPath(previous.pathname) && isSearchResultPath(next.pathname));
}

/**
 * True when the page changed (not only its hash), so focus moves to the new heading. Moves
 * between search result pages (a filter, the sort order, a chosen flight, another day) keep the
 * focus where the traveller is working, as they keep the scroll position.
 */
export function isNewPage(previous: PlaceLike, next: PlaceLike): boolean {
  if (isSearchResultPath(previous.pathname) && isSearchResultPath(next.pathname)) return false;
  return previous.pathname !== next.pathname || previous.search !== next.search;
}

/**
 * Focuses the first level-1 heading inside `container`, waiting up to `timeoutMs` for it to
 * appear (a page may render its heading once its data has arrived). Returns a cancel function.
 */
export function focusHeading(container: HTMLElement, timeoutMs = 3000): () => void {
  const tryFocus = () => {
    const heading = container.querySelector('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
