import { seatedPassengers, type Passengers } from '@uniquair/domain/search/passengers';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { useIntl } from 'react-intl';
import { Link, type To } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { chosenFlights, totalIn, totalsByCurrency } from '../chosen-flights.ts';
import type { LegSearchState } from '../hooks/use-trip-search.ts';
import type { Money } from '../hooks/use-money.ts';
import type { TripLeg } from '../trip.ts';
import styles from './search-results.module.css';

export interface TripSummaryProps {
  readonly legs: readonly TripLeg[];
  readonly states: readonly LegSearchState[];
  readonly passengers: Passengers;
  /** Checked bags per passenger: the total is all-in with them. */
  readonly bags?: BagCount;
  readonly money: Money;
  /** The basket overlay of this page (`#basket`). */
  readonly basketTo: To;
}

/**
 * The trip so far, kept in view under the results: how many legs have a flight, the total for
 * every seat in the shown currency, the basket, and Continue to the booking flow once every leg
 * has a flight.
 */
export function TripSummary({
  legs,
  states,
  passengers,
  bags = 0,
  money,
  basketTo,
}: TripSummaryProps) {
  const intl = useIntl();
  const outcomes = states.map((state) =>
    state.phase === 'done' || state.phase === 'expired' ? state.outcome : null,
  );
  const chosen = chosenFlights(legs, outcomes, passengers, bags);
  const count = chosen.filter((entry) => entry !== null).length;
  const complete = legs.length > 0 && count === legs.length;
  const totals = totalsByCurrency(chosen);
  const [onlyCurrency] = totals.keys();
  const total =
    totals.size === 0
      ? null
      : money.format(totalIn(totals, money.convert), {
          currency: onlyCurrency === undefined ? money.currency : money.currencyOf(onlyCurrency),
        });

  return (
    <div
      className={styles.summary}
      role="region"
      aria-label={intl.formatMessage({ id: 'search.summary.label' })}
    >
      <div className={styles.summaryText}>
        <p>{intl.formatMessage({ id: 'search.summary.chosen' }, { count, legs: legs.length })}</p>
        {total ? (
          <p className={styles.summaryTotal}>
            {intl.formatMessage(
              { id: complete ? 'search.summary.total' : 'search.summary.soFar' },
              { price: total, seats: seatedPassengers(passengers) },
            )}
          </p>
        ) : null}
      </div>
      <div className={styles.summaryActions}>
        <Link className={styles.secondaryButton} to={basketTo}>
          {intl.formatMessage({ id: 'search.summary.basket' })}
        </Link>
        {complete ? (
          <Link className={styles.primaryButton} to={paths.flow.getHref()}>
            {intl.formatMessage({ id: 'search.summary.continue' })}
          </Link>
        ) : (
          <p className={styles.summaryHint}>
            {intl.formatMessage({ id: 'search.summary.chooseAll' })}
          </p>
        )}
      </div>
    </div>
  );
}
