/**
 * Filters and sort order in the results page's query (SPEC §3): `s`, `p`, `d`, `td{n}`, `ta{n}`
 * through the domain's codec, and `sort` (`cheapest` or `fastest`; best is the default and is
 * not written). Other query keys are kept as they are.
 */
import {
  decodeFilters,
  encodeFilters,
  isSortOrder,
  type SearchFilters,
  type SortOrder,
} from '@uniquair/domain/search/filters';

export const SORT_PARAM = 'sort';

const FILTER_KEY = /^(?:s|p|d|t[da]\d{1,3})$/;

export interface ResultsQuery {
  readonly filters: SearchFilters;
  readonly sort: SortOrder;
}

export function readResultsQuery(query: URLSearchParams): ResultsQuery {
  const sort = query.get(SORT_PARAM) ?? '';
  return { filters: decodeFilters(query), sort: isSortOrder(sort) ? sort : 'best' };
}

/** The query with these filters and sort order, other keys kept in their order. */
export function writeResultsQuery(
  query: URLSearchParams,
  { filters, sort }: ResultsQuery,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of query) {
    if (!FILTER_KEY.test(key) && key !== SORT_PARAM) next.append(key, value);
  }
  for (const [key, value] of encodeFilters(filters)) next.append(key, value);
  if (sort !== 'best') next.set(SORT_PARAM, sort);
  return next;
}

/** `?…` for a URL, or '' when the query is empty. */
export function queryString(query: URLSearchParams): string {
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
