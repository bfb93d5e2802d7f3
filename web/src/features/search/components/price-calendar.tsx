import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { DayPrices } from '../api/get-cheapest-days.ts';
import type { MonthPrices } from '../api/get-cheapest-months.ts';
import { monthKey } from '../api/get-cheapest-months.ts';
import type { Money } from '../hooks/use-money.ts';
import styles from './route-date-field.module.css';

/**
 * The price calendar's marks (SPEC §3 price marker): a day's lowest fare and its rating — 0 the
 * month's lowest (▼), 1 regular (no mark), 2 the highest (▲) — said by the mark and in words,
 * not by colour alone.
 */

type Rating = 0 | 1 | 2;

/** Regular days carry no mark: only the month's lowest and highest stand out. */
const MARKS: Readonly<Record<Rating, string | null>> = { 0: '▼', 1: null, 2: '▲' };
const RATING_NAMES = { 0: 'lowest', 1: 'regular', 2: 'highest' } as const;
const LEGEND_KEYS = {
  0: 'search.calendar.legendLowest',
  1: 'search.calendar.legendRegular',
  2: 'search.calendar.legendHighest',
} as const;

function ratingText(intl: IntlShape, rating: Rating): string {
  return intl.formatMessage({ id: 'search.calendar.rating' }, { rating: RATING_NAMES[rating] });
}

function RatingMark({ rating }: { readonly rating: Rating }) {
  if (MARKS[rating] === null) return null;
  return (
    <span className={styles.mark} data-rating={rating} aria-hidden="true">
      {MARKS[rating]}
    </span>
  );
}

/** The content under a day's number: its price and rating, when the calendar has one. */
export function DayPrice({
  date,
  prices,
  money,
}: {
  readonly date: Ymd;
  readonly prices: DayPrices | undefined;
  readonly money: Money;
}) {
  const intl = useIntl();
  const marker = prices?.days.get(date);
  if (!marker || !prices) return null;
  const text = money.formatShort(money.convert(marker.price, prices.currency), {
    currency: money.currencyOf(prices.currency),
  });
  return (
    <span className={styles.dayPrice} data-rating={marker.rating}>
      <RatingMark rating={marker.rating} />
      <span>{text}</span>
      <span className="visually-hidden">{ratingText(intl, marker.rating)}</span>
    </span>
  );
}

/** The content under a month's name in the month picker: its lowest price. */
export function MonthPrice({
  year,
  month,
  prices,
  money,
}: {
  readonly year: number;
  readonly month: number;
  readonly prices: MonthPrices | undefined;
  readonly money: Money;
}) {
  const intl = useIntl();
  const price = prices?.months.get(monthKey(year, month));
  if (price === undefined || price === null || !prices) return null;
  return (
    <>
      {intl.formatMessage(
        { id: 'search.price.from' },
        {
          price: money.formatShort(money.convert(price, prices.currency), {
            currency: money.currencyOf(prices.currency),
          }),
        },
      )}
    </>
  );
}

/**
 * What the marks mean and how fresh the prices are (the server's time of the prices, else when
 * they were fetched); prices are indicative until booked.
 */
export function PriceLegend({
  updatedAt,
  loading,
  currency,
}: {
  readonly updatedAt: Date | null;
  readonly loading: boolean;
  readonly currency: string;
}) {
  const intl = useIntl();
  return (
    <div className={styles.legend}>
      <p>{intl.formatMessage({ id: 'search.calendar.legendPrices' }, { currency })}</p>
      <ul className={styles.legendMarks}>
        {([0, 1, 2] as const).map((rating) => (
          <li key={rating}>
            <RatingMark rating={rating} />
            <span>{intl.formatMessage({ id: LEGEND_KEYS[rating] })}</span>
          </li>
        ))}
      </ul>
      <p>
        {updatedAt
          ? intl.formatMessage(
              { id: 'search.calendar.updated' },
              {
                time: intl.formatDate(updatedAt, {
                  day: 'numeric',
                  month: 'short',
                  hour: 'numeric',
                  minute: '2-digit',
                }),
              },
            )
          : loading
            ? intl.formatMessage({ id: 'search.calendar.loading' })
            : intl.formatMessage({ id: 'search.calendar.noPrices' })}
      </p>
    </div>
  );
}
