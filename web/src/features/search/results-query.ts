/**
 * Filters and sort order in the results page's query (SPEC §3): `s`, `p`, `d`, `td{n}`, `ta{n}`
 * through the domain's codec, and `sort` (`cheapest` or `fastest`; best is the default and is
 * not written); and the checked bags per passenger prices include, `bags` (`1` or `2`; none is
 * not written; bags.ts). Other query keys are kept as they are.
 */
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import {
  decodeFilters,
  encodeFilters,
  isSortOrder,
  type SearchFilters,
  type SortOrder,
} from '@uniquair/domain/search/filters';
import { BAGS_PARAM, readBags } from './bags.ts';

export const SORT_PARAM = 'sort';

const FILTER_KEY = /^(?:s|p|d|t[da]\d{1,3})$/;

export interface ResultsQuery {
  readonly filters: SearchFilters;
  readonly sort: SortOrder;
  /** Checked bags per passenger: prices, the price filter and sorting are all-in with them. */
  readonly bags: BagCount;
}

export function readResultsQuery(query: URLSearchParams): ResultsQuery {
  const sort = query.get(SORT_PARAM) ?? '';
  return {
    filters: decodeFilters(query),
    sort: isSortOrder(sort) ? sort : 'best',
    bags: readBags(query),
  };
}

/** The query with these filters, sort order and bags, other keys kept in their order. */
export function writeResultsQuery(
  query: URLSearchParams,
  { filters, sort, bags }: ResultsQuery,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of query) {
    if (!FILTER_KEY.test(key) && key !== SORT_PARAM && key !== BAGS_PARAM) next.append(key, value);
  }
  for (const [key, value] of encodeFilters(filters)) next.append(key, value);
  if (sort !== 'best') next.set(SORT_PARAM, sort);
  if (bags > 0) next.set(BAGS_PARAM, String(bags));
  return next;
}

/** `?…` for a URL, or '' when the query is empty. */
export function queryString(query: URLSearchParams): string {
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
