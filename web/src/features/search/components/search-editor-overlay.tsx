import { destinationKey } from '@uniquair/domain/search/destination-codec';
import { parseSearchPath } from '@uniquair/domain/search/search-path';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { formFromSearch } from '../search-form-state.ts';
import { readBags } from '../bags.ts';
import { queryString, readResultsQuery, writeResultsQuery } from '../results-query.ts';
import type { RouteNetwork } from '../trip.ts';
import { SearchForm } from './search-form.tsx';
import styles from './search-home.module.css';

export interface SearchEditorOverlayProps {
  readonly pathname: string;
  readonly search: string;
  readonly network: RouteNetwork;
}

type ParsedTrip = ReturnType<typeof parseSearchPath>;

/** Whether two searches are the same trip: view, legs (route and date) and passengers. */
function isSameTrip(a: ParsedTrip, b: ParsedTrip): boolean {
  if (!a || !b || a.view !== b.view) return false;
  const legs = (trip: NonNullable<ParsedTrip>) =>
    trip.destinations.map((leg) => destinationKey(leg)).join('/');
  const people = (trip: NonNullable<ParsedTrip>) =>
    `${trip.passengers.adults}.${trip.passengers.children}.${trip.passengers.infants}`;
  return legs(a) === legs(b) && people(a) === people(b);
}

/**
 * The search editor (`#edit`, SPEC §2): the search form filled in with the search on the page, to
 * change the trip in place; elsewhere an empty form. Searching closes the overlay (the hash goes);
 * the same trip keeps its filters.
 */
export function SearchEditorOverlay({ pathname, search, network }: SearchEditorOverlayProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const trip = parseSearchPath(pathname);
  const initial = useMemo(
    () =>
      trip
        ? formFromSearch(
            trip.view,
            trip.destinations,
            trip.passengers,
            network.routes,
            readBags(search),
          )
        : undefined,
    // The form starts from the search the overlay opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname, network.routes],
  );
  return (
    <div className={styles.editor}>
      {trip ? null : (
        <p className={styles.muted}>{intl.formatMessage({ id: 'searchEditor.noSearch' })}</p>
      )}
      <SearchForm
        network={network}
        initial={initial}
        onSearch={(path) => {
          const [target = path, query = ''] = path.split('?');
          const same = isSameTrip(parseSearchPath(target), trip);
          // The same trip keeps its chosen flights and filters (the bags as now chosen); the
          // overlay closes either way.
          const current = new URLSearchParams(search);
          const kept = queryString(
            writeResultsQuery(current, { ...readResultsQuery(current), bags: readBags(query) }),
          );
          void navigate(same ? { pathname, search: kept } : path, { replace: same });
        }}
      />
    </div>
  );
}
