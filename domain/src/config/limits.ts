/** Lengths and limits of SPEC §2, §9. */

/** A PNR is 7 alphanumeric characters. */
export const PNR_LENGTH = 7;
/** E-mailed and shared link tokens are 40 hex characters (160 bits). */
export const LINK_TOKEN_LENGTH = 40;
/** The airport dropdown shows at most this many matches. */
export const AIRPORT_SELECT_MAX_RESULTS = 100;
/** The airport dropdown searches from this many characters on. */
export const AIRPORT_SELECT_MIN_QUERY = 1;

/** Whether an airport query is long enough to search (surrounding spaces do not count). */
export function isAirportQuerySearchable(query: string): boolean {
  return query.trim().length >= AIRPORT_SELECT_MIN_QUERY;
}
