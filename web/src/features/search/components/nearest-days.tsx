import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { nearestValidRouteDays } from '@uniquair/domain/routes/route-availability';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDayPrices } from '../hooks/use-day-prices.ts';
import type { Money } from '../hooks/use-money.ts';
import { scheduleOf, type TripLeg } from '../trip.ts';
import { formatDay } from './flight-format.ts';
import styles from './nearest-days.module.css';

/** How many days the route flies are offered on each side of the chosen date. */
export const NEAREST_DAYS = 3;

export interface NearestDaysProps {
  readonly leg: TripLeg;
  /** The days the leg may move to without breaking the trip; null when none. */
  readonly bounds: { readonly min: Ymd; readonly max: Ymd } | null;
  readonly hrefFor: (date: Ymd) => string;
  /** Checked bags per passenger: the prices are all-in with them. */
  readonly bags?: BagCount;
  readonly money: Money;
}

/**
 * The nearest days the leg's route flies, before and after the chosen date (domain
 * `nearestValidRouteDays`), as links that search that day instead, each with its lowest price
 * from the price calendar when there is one.
 */
export function NearestDays({ leg, bounds, hrefFor, bags = 0, money }: NearestDaysProps) {
  const intl = useIntl();
  const titleId = useId();
  const nearest = bounds
    ? nearestValidRouteDays(scheduleOf(leg.route), leg.destination.date, NEAREST_DAYS, bounds)
    : { before: [], after: [] };
  const days = [...[...nearest.before].reverse(), ...nearest.after];
  const { prices } = useDayPrices(leg.route.id, days, bags);

  if (days.length === 0) {
    return <p>{intl.formatMessage({ id: 'search.alternatives.none' })}</p>;
  }
  return (
    <nav className={styles.alternatives} aria-labelledby={titleId}>
      <p id={titleId} className={styles.alternativesTitle}>
        {intl.formatMessage(
          { id: 'search.alternatives.title' },
          { from: leg.from.city, to: leg.to.city },
        )}
      </p>
      <ul>
        {days.map((day) => {
          const marker = prices.get(day);
          return (
            <li key={day}>
              <Link to={hrefFor(day)} className={styles.dayChip}>
                <span>{formatDay(intl, day, 'short')}</span>
                {marker ? (
                  <span className={styles.dayChipPrice}>
                    {intl.formatMessage(
                      { id: 'search.price.from' },
                      {
                        price: money.show(marker.price, marker.currency, { whole: true }),
                      },
                    )}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
