import type { SearchFareClass } from '@uniquair/contract/search';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { SearchFilters, SortOrder } from '@uniquair/domain/search/filters';
import { DEFAULT_FILTERS, SORT_ORDERS, hasActiveFilters } from '@uniquair/domain/search/filters';
import type { Destination } from '@uniquair/domain/search/destination-codec';
import {
  MAX_SEATED_PASSENGERS,
  seatedPassengers,
  type Passengers,
} from '@uniquair/domain/search/passengers';
import type { SearchView } from '@uniquair/domain/search/search-path';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { rememberTrip } from '../../../lib/chosen-trip.ts';
import { useCityName } from '../../../lib/city-names.ts';
import { rowsOfResult, tripRowBounds, visibleRows, type FlightRow } from '../flight-rows.ts';
import { useMoney } from '../hooks/use-money.ts';
import { formatPassengers } from './flight-format.ts';
import { useTripSearch, type LegSearchState } from '../hooks/use-trip-search.ts';
import { useResultsQuery } from '../hooks/use-results-query.ts';
import { bagsSearch } from '../bags.ts';
import {
  legDateBounds,
  legIssue,
  resultsHref,
  tripLegs,
  withLegChoice,
  withLegDate,
  type RouteNetwork,
  type TripLeg,
} from '../trip.ts';
import { ExpiryNotice } from './expiry-notice.tsx';
import { FlexibleDates } from './flexible-dates.tsx';
import { LegResults, legTitle } from './leg-results.tsx';
import { ResultsFilters } from './results-filters.tsx';
import { SearchProgressBar } from './search-progress-bar.tsx';
import styles from './search-results.module.css';
import { TripSummary } from './trip-summary.tsx';

export interface SearchResultsProps {
  readonly view: SearchView;
  readonly passengers: Passengers;
  /** The destinations the route guard let through. */
  readonly destinations: readonly Destination[];
  readonly network: RouteNetwork;
}

function outcomeOf(state: LegSearchState) {
  return state.phase === 'done' || state.phase === 'expired' ? state.outcome : null;
}

/**
 * `/flights/…` and `/multi/…` (SPEC §2, §4): every leg searched at once, each showing its flights
 * as soon as it is found, with a progress bar for the whole trip; filters and the sort order in
 * the query; choosing a flight and fare class per leg writes them into the leg's URL segment.
 */
export function SearchResults({ view, passengers, destinations, network }: SearchResultsProps) {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const location = useLocation();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [now] = useState(() => new Date());

  const [resultsQuery, setResultsQuery, resultsSearch] = useResultsQuery();
  const { filters, sort, bags } = resultsQuery;
  const cityName = useCityName();
  const legs = useMemo(
    () => tripLegs(view, destinations, network, cityName),
    [view, destinations, network, cityName],
  );
  const issues = useMemo(() => legs.map((leg) => legIssue(leg, now)), [legs, now]);
  const seats = seatedPassengers(passengers);
  const tooManySeats = seats > MAX_SEATED_PASSENGERS;
  const requests = useMemo(
    () =>
      legs.map((leg, index) => ({
        routeId: leg.route.id,
        date: leg.destination.date,
        searchable: issues[index] === null && !tooManySeats,
      })),
    [legs, issues, tooManySeats],
  );
  const search = useTripSearch(requests, passengers, bags);

  // The flights render from a deferred copy of the legs: React renders a search's arriving
  // flights in the background, in slices, so the page answers taps and keys meanwhile.
  const shownLegs = useDeferredValue(search.legs);
  const rowsByLeg = useMemo(
    () =>
      shownLegs.map((state): readonly FlightRow[] => {
        const outcome = outcomeOf(state);
        return outcome ? rowsOfResult(outcome.result, money.convert, bags) : [];
      }),
    [shownLegs, money.convert, bags],
  );
  const bounds = useMemo(() => tripRowBounds(rowsByLeg), [rowsByLeg]);
  const firstOutcome = shownLegs.map(outcomeOf).find((outcome) => outcome !== null);
  const priceCurrency = money.currencyOf(firstOutcome?.result.currency ?? money.currency);

  // What the choose and navigate handlers read, without changing identity on every filter change
  // (the flight cards are memoised on them).
  const latest = useRef({ destinations, passengers, search: resultsSearch });
  useLayoutEffect(() => {
    latest.current = { destinations, passengers, search: resultsSearch };
  });

  const replaceQuery = setResultsQuery;
  // Stable across changes, so that the filters panel renders only when its own values change.
  const latestQuery = useRef({ set: setResultsQuery, query: resultsQuery });
  useLayoutEffect(() => {
    latestQuery.current = { set: setResultsQuery, query: resultsQuery };
  });
  const setFilters = useCallback(
    (next: SearchFilters) =>
      latestQuery.current.set({ ...latestQuery.current.query, filters: next }),
    [],
  );

  const legsRef = useRef(legs);
  useLayoutEffect(() => {
    legsRef.current = legs;
  });
  const choose = useCallback(
    (legIndex: number, flightId: string, fare: SearchFareClass) => {
      const current = latest.current;
      const leg = legsRef.current[legIndex];
      void navigate(
        resultsHref(
          view,
          current.passengers,
          withLegChoice(current.destinations, legIndex, { flightId, fareClass: fare.letter }),
          current.search,
        ),
        { replace: true, preventScrollReset: true },
      );
      if (leg) {
        setAnnouncement(
          intl.formatMessage(
            { id: 'search.flight.chosenAnnouncement' },
            {
              leg: legTitle(intl, leg),
              fare: intl.formatMessage(
                { id: 'search.fare.name' },
                {
                  cabin: intl.formatMessage({ id: `search.cabin.${fare.cabin}` }),
                  letter: fare.letter,
                },
              ),
            },
          ),
        );
      }
    },
    [navigate, view, intl],
  );
  const hrefForDate = useCallback(
    (legIndex: number, date: Ymd) =>
      resultsHref(view, passengers, withLegDate(destinations, legIndex, date), resultsSearch),
    [view, passengers, destinations, resultsSearch],
  );

  const hrefForDates = useCallback(
    (dates: readonly Ymd[]) =>
      resultsHref(
        view,
        passengers,
        dates.reduce((moved, date, index) => withLegDate(moved, index, date), [...destinations]),
        resultsSearch,
      ),
    [view, passengers, destinations, resultsSearch],
  );
  const flexible = view === 'flights' && hasFlexibleDates(legs);

  useEffect(() => {
    rememberTrip(location.pathname + bagsSearch(bags));
  }, [location.pathname, bags]);

  const first = legs[0];
  const title = !first
    ? intl.formatMessage({ id: 'nav.findFlights' })
    : view === 'multi'
      ? intl.formatMessage(
          { id: 'search.titleMulti' },
          { from: first.from.city, count: legs.length },
        )
      : intl.formatMessage({ id: 'search.title' }, { from: first.from.city, to: first.to.city });
  useDocumentTitle(title);

  // Counted on the flights shown, so the count never runs ahead of the list.
  const shownSearching = shownLegs.some(
    (state) => state.phase === 'searching' || state.phase === 'expired',
  );
  const flightsFound = shownSearching
    ? null
    : shownLegs.reduce(
        (sum, state, index) =>
          state.phase === 'done' ? sum + (rowsByLeg[index]?.length ?? 0) : sum,
        0,
      );
  const activeFilters = hasActiveFilters(filters);
  const here = { pathname: location.pathname, search: resultsSearch };

  return (
    <section className={styles.page} aria-labelledby="screen-heading">
      <header className={styles.header}>
        <h1 id="screen-heading" className={screenStyles.heading}>
          {title}
        </h1>
        <p className={styles.lead}>
          {formatPassengers(intl, passengers)}
          {bags > 0
            ? ` · ${intl.formatMessage({ id: 'search.bags.allIn' }, { count: bags })}`
            : null}
        </p>
        <div className={styles.headerActions}>
          <Link className={styles.secondaryButton} to={{ ...here, hash: '#edit' }}>
            {intl.formatMessage({ id: 'searchEditor.title' })}
          </Link>
        </div>
      </header>

      <SearchProgressBar
        searching={search.searching}
        progress={search.progress}
        flightsFound={flightsFound}
      />
      <ExpiryNotice
        reloading={search.reloading}
        reloadedAt={search.reloadedAt}
        onDismiss={search.dismissReload}
      />
      {tooManySeats ? (
        <div className={styles.notice} role="alert">
          <p className={styles.noticeTitle}>
            {intl.formatMessage({ id: 'search.tooManySeats' }, { max: MAX_SEATED_PASSENGERS })}
          </p>
          <Link className={styles.secondaryButton} to={{ ...here, hash: '#edit' }}>
            {intl.formatMessage({ id: 'searchEditor.title' })}
          </Link>
        </div>
      ) : null}

      <div className={styles.layout}>
        <aside
          className={styles.sidebar}
          aria-label={intl.formatMessage({ id: 'search.filters.title' })}
        >
          <fieldset className={styles.sort}>
            <legend>{intl.formatMessage({ id: 'search.sort.label' })}</legend>
            <div className={styles.sortOptions}>
              {SORT_ORDERS.map((order) => (
                <label key={order} className={styles.sortOption}>
                  <input
                    type="radio"
                    name={`${filtersId}-sort`}
                    value={order}
                    checked={sort === order}
                    onChange={() => replaceQuery({ ...resultsQuery, sort: order })}
                  />
                  <span>{intl.formatMessage({ id: `search.sort.${order}` })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="button"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {intl.formatMessage({ id: 'search.filters.title' })}
            {activeFilters ? (
              <span className={styles.badge}>
                {intl.formatMessage({ id: 'search.filters.on' })}
              </span>
            ) : null}
          </button>
          <div id={filtersId} className={styles.filtersPanel} data-open={filtersOpen || undefined}>
            <h2 className={styles.filtersTitle}>
              {intl.formatMessage({ id: 'search.filters.title' })}
            </h2>
            <ResultsFilters
              legs={legs}
              filters={filters}
              priceBounds={bounds.price}
              priceCurrency={priceCurrency}
              durationBounds={bounds.duration}
              maxStops={bounds.maxStops}
              money={money}
              onChange={setFilters}
            />
          </div>
        </aside>

        <div className={styles.results}>
          {flexible ? (
            <FlexibleDates legs={legs} bags={bags} money={money} hrefFor={hrefForDates} />
          ) : null}
          {legs.map((leg: TripLeg, index) => (
            <LegResultsWithRows
              key={leg.index}
              leg={leg}
              state={shownLegs[index] ?? { phase: 'idle' }}
              issue={issues[index] ?? null}
              rows={rowsByLeg[index] ?? []}
              filters={filters}
              sort={sort}
              onClearFilters={() => setFilters(DEFAULT_FILTERS)}
              dateBounds={legDateBounds(legs, index, now)}
              hrefForDate={hrefForDate}
              seats={seats}
              passengers={passengers}
              bags={bags}
              money={money}
              onChoose={choose}
              onRetry={search.retry}
            />
          ))}
        </div>
      </div>

      <TripSummary
        legs={legs}
        states={shownLegs}
        passengers={passengers}
        bags={bags}
        money={money}
        basketTo={{ ...here, hash: '#basket' }}
      />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

/** One-way trips and return trips whose second leg flies the first one back have flexible dates. */
function hasFlexibleDates(legs: readonly TripLeg[]): boolean {
  const [out, back] = legs;
  if (!out || legs.length > 2) return false;
  return !back || (back.route.from === out.route.to && back.route.to === out.route.from);
}

/** A leg with its visible rows worked out only when its rows, the filters or the order change. */
function LegResultsWithRows({
  rows,
  filters,
  sort,
  ...props
}: Omit<Parameters<typeof LegResults>[0], 'visible'> & {
  readonly filters: SearchFilters;
  readonly sort: SortOrder;
}) {
  const legIndex = props.leg.index;
  const visible = useMemo(
    () => visibleRows(rows, filters, legIndex, sort),
    [rows, filters, legIndex, sort],
  );
  return <LegResults {...props} rows={rows} visible={visible} />;
}
