import type { SearchFareClass } from '@uniquair/contract/search';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { FlightRow } from '../flight-rows.ts';
import type { LegSearchState } from '../hooks/use-trip-search.ts';
import type { Money } from '../hooks/use-money.ts';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { LegIssue, TripLeg } from '../trip.ts';
import { FlightCard } from './flight-card.tsx';
import { formatDay, formatLongDate } from './flight-format.ts';
import { NearestDays } from './nearest-days.tsx';
import { PriceWatch } from './price-watch.tsx';
import { routeDateMessage } from './route-date-message.ts';
import styles from './search-results.module.css';

/** Flights shown at first, and added by each 'Show more flights'. */
export const FLIGHTS_PER_PAGE = 20;

export interface LegResultsProps {
  readonly leg: TripLeg;
  readonly state: LegSearchState;
  readonly issue: LegIssue | null;
  /** Every flight found for the leg, and those that pass the filters in the sort order. */
  readonly rows: readonly FlightRow[];
  readonly visible: readonly FlightRow[];
  readonly onClearFilters: () => void;
  readonly dateBounds: { readonly min: Ymd; readonly max: Ymd } | null;
  readonly hrefForDate: (legIndex: number, date: Ymd) => string;
  readonly seats: number;
  /** Who travels (a price watch is for them). */
  readonly passengers: Passengers;
  /** Checked bags per passenger: prices are all-in with them. */
  readonly bags?: BagCount;
  readonly money: Money;
  readonly onChoose: (legIndex: number, flightId: string, fare: SearchFareClass) => void;
  readonly onRetry: (legIndex: number) => void;
}

/** A leg's name: 'Outbound flight: Sofia to London', 'Flight 2: London to Rome'. */
export function legTitle(intl: IntlShape, leg: TripLeg): string {
  return intl.formatMessage(
    { id: 'search.legHeading' },
    { kind: leg.kind, number: leg.index + 1, from: leg.from.city, to: leg.to.city },
  );
}

function issueText(intl: IntlShape, issue: LegIssue): string {
  switch (issue.kind) {
    case 'routeDate':
      return routeDateMessage(intl, issue.error);
    case 'past':
      return intl.formatMessage({ id: 'search.date.past' });
    case 'tooFar':
      return intl.formatMessage(
        { id: 'search.date.tooFar' },
        { date: formatLongDate(intl, issue.max) },
      );
  }
}

/**
 * One leg of the results (SPEC §4): searching, its flights as soon as the leg is found, 'No
 * flights found for this destination for the chosen date' with the nearest days the route flies,
 * 'No flights found' when the filters hide every flight, or why the search failed.
 */
export function LegResults({
  leg,
  state,
  issue,
  rows,
  visible,
  onClearFilters,
  dateBounds,
  hrefForDate,
  seats,
  passengers,
  bags = 0,
  money,
  onChoose,
  onRetry,
}: LegResultsProps) {
  const intl = useIntl();
  const headingId = useId();
  const [limit, setLimit] = useState(FLIGHTS_PER_PAGE);
  const heading = useRef<HTMLHeadingElement>(null);
  const date = leg.destination.date;
  const shownDate = useRef(date);
  // Another day was chosen (a link that is gone now): keep keyboard focus in this leg.
  useEffect(() => {
    if (shownDate.current === date) return;
    shownDate.current = date;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [date]);
  const title = legTitle(intl, leg);
  const outcome =
    state.phase === 'done' ? state.outcome : state.phase === 'expired' ? state.outcome : null;
  const chosen = leg.destination.flightId;
  const alternatives = (
    <NearestDays
      leg={leg}
      bounds={dateBounds}
      hrefFor={(date) => hrefForDate(leg.index, date)}
      bags={bags}
      money={money}
    />
  );

  let body;
  if (issue) {
    body = (
      <div className={styles.notice} role="note">
        <p className={styles.noticeTitle}>
          {intl.formatMessage({ id: 'search.noFlightsForDate' })}
        </p>
        <p>{issueText(intl, issue)}</p>
        {alternatives}
      </div>
    );
  } else if (state.phase === 'error') {
    const failure = state.outcome.failure;
    body = (
      <div className={styles.notice} role="alert">
        <p className={styles.noticeTitle}>
          {intl.formatMessage({ id: `search.error.${failure}` })}
        </p>
        <button type="button" className={styles.secondaryButton} onClick={() => onRetry(leg.index)}>
          {intl.formatMessage({ id: 'search.error.retry' })}
        </button>
      </div>
    );
  } else if (!outcome) {
    body = (
      <div className={styles.searching}>
        <Spinner size={24} label={intl.formatMessage({ id: 'search.leg.searching' })} />
        <span aria-hidden="true">{intl.formatMessage({ id: 'search.leg.searching' })}</span>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>
          {intl.formatMessage({ id: 'search.noFlightsForDate' })}
        </p>
        {alternatives}
      </div>
    );
  } else if (visible.length === 0) {
    body = (
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>{intl.formatMessage({ id: 'search.noFlights' })}</p>
        <p>{intl.formatMessage({ id: 'search.leg.allFiltered' }, { count: rows.length })}</p>
        <button type="button" className={styles.secondaryButton} onClick={onClearFilters}>
          {intl.formatMessage({ id: 'search.filters.clear' })}
        </button>
      </div>
    );
  } else {
    const shown = visible.slice(0, limit);
    const more = visible.length - shown.length;
    body = (
      <>
        <p className={styles.count}>
          {visible.length === rows.length
            ? intl.formatMessage({ id: 'search.leg.count' }, { count: rows.length })
            : intl.formatMessage(
                { id: 'search.leg.countFiltered' },
                { shown: visible.length, count: rows.length },
              )}
          {outcome.result.results[0]?.complete === false ? (
            <> {intl.formatMessage({ id: 'search.leg.incomplete' })}</>
          ) : null}
        </p>
        <ol className={styles.flights} aria-labelledby={headingId}>
          {shown.map((row) => (
            <FlightCard
              key={row.flight.id}
              row={row}
              legIndex={leg.index}
              hash={outcome.hash}
              chosenFare={row.flight.id === chosen ? leg.destination.fareClass : null}
              seats={seats}
              bags={bags}
              resultCurrency={outcome.result.currency}
              money={money}
              onChoose={onChoose}
            />
          ))}
        </ol>
        {more > 0 ? (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => setLimit((value) => value + FLIGHTS_PER_PAGE)}
          >
            {intl.formatMessage(
              { id: 'search.leg.showMore' },
              { count: Math.min(more, FLIGHTS_PER_PAGE), remaining: more },
            )}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section
      className={styles.leg}
      aria-labelledby={headingId}
      aria-busy={state.phase === 'searching' || state.phase === 'expired' || undefined}
    >
      <header className={styles.legHeader}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.legTitle}>
          {title}
        </h2>
        <p className={styles.legDate}>{formatDay(intl, leg.destination.date, 'full')}</p>
        {issue === null ? (
          <div className={styles.legWatches}>
            {([false, true] as const).map((wholeMonth) => (
              <PriceWatch
                key={String(wholeMonth)}
                routeId={leg.route.id}
                date={leg.destination.date}
                wholeMonth={wholeMonth}
                routeName={`${leg.from.city} → ${leg.to.city}`}
                passengers={passengers}
                bags={bags}
                money={money}
              />
            ))}
          </div>
        ) : null}
      </header>
      {body}
    </section>
  );
}
