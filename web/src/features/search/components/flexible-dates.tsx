import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import type { MessageKey } from '@uniquair/i18n/messages';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { ratePrices } from '@uniquair/domain/pricing/price-rating';
import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { usePriceGrid } from '../api/get-price-grid.ts';
import { useDayPrices } from '../hooks/use-day-prices.ts';
import type { Money } from '../hooks/use-money.ts';
import { todayAt, type TripLeg } from '../trip.ts';
import { DateGrid, type DateGridAxis, type DateGridCell } from './date-grid.tsx';
import { formatDay } from './flight-format.ts';
import styles from './date-grid.module.css';

/** Days shown on each side of a chosen date (the server's grid has the same). */
export const FLEXIBLE_DAYS_AROUND = 3;

export interface FlexibleDatesProps {
  /** The trip's legs: one (one-way) or two, the second the first reversed (return). */
  readonly legs: readonly TripLeg[];
  /** Checked bags per passenger the prices include. */
  readonly bags: BagCount;
  readonly money: Money;
  /** The results page for these dates of the legs, the rest of the search kept. */
  readonly hrefFor: (dates: readonly Ymd[]) => string;
}

function daysAround(day: Ymd): Ymd[] {
  return Array.from({ length: 2 * FLEXIBLE_DAYS_AROUND + 1 }, (_, index) =>
    addDays(day, index - FLEXIBLE_DAYS_AROUND),
  );
}

function axis(intl: IntlShape, days: readonly Ymd[]): DateGridAxis[] {
  return days.map((day) => ({ key: day, label: formatDay(intl, day, 'short') }));
}

/**
 * Why a day or a pair has no price, in words: a day that has passed (at the leg's origin), a
 * return before its outbound day, or a day the route does not fly or has no seat left.
 */
type NoPrice = 'past' | 'backBeforeOut' | 'none';

const NO_PRICE_MESSAGE: Record<NoPrice, MessageKey> = {
  past: 'search.flexible.past',
  backBeforeOut: 'search.flexible.backBeforeOut',
  none: 'search.flexible.noPrice',
};

/** Why a day without a price has none, given today at its leg's origin. */
function noPriceOf(day: Ymd, today: Ymd): NoPrice {
  return day < today ? 'past' : 'none';
}

/** 'Out Mon 12 Jan, back Sun 18 Jan, €123, cheapest, your dates'; 'Thu 8 Jan, in the past'. */
function cellLabel(
  intl: IntlShape,
  days: string,
  price: string | null,
  noPrice: NoPrice,
  cheapest: boolean,
  selected: boolean,
): string {
  return [
    days,
    price ?? intl.formatMessage({ id: NO_PRICE_MESSAGE[noPrice] }),
    cheapest ? intl.formatMessage({ id: 'search.flexible.cheapest' }) : null,
    selected ? intl.formatMessage({ id: 'search.flexible.selected' }) : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** Why the grid is not there: its prices could not be loaded. */
function GridError() {
  const intl = useIntl();
  return <p role="status">{intl.formatMessage({ id: 'search.flexible.error' })}</p>;
}

/**
 * The cells of a grid whose prices are loading: each in its place, saying so, so that the results
 * under the grid do not move when the prices arrive.
 */
function loadingCells(
  intl: IntlShape,
  columns: readonly DateGridAxis[],
  rows: readonly (DateGridAxis | null)[],
): DateGridCell[][] {
  const label = intl.formatMessage({ id: 'search.flexible.loading' });
  return rows.map((row, rowIndex) =>
    columns.map((column) => ({
      key: `${column.key}/${row?.key ?? rowIndex}`,
      href: null,
      price: null,
      cheapest: false,
      selected: false,
      label,
    })),
  );
}

/** The 7 × 7 grid of a return trip, from `GET /api/cheapest-price/grid/…`. */
function ReturnGrid({
  out,
  back,
  bags,
  money,
  hrefFor,
  labelledBy,
}: Omit<FlexibleDatesProps, 'legs'> & {
  readonly out: TripLeg;
  readonly back: TripLeg;
  readonly labelledBy: string;
}) {
  const intl = useIntl();
  const grid = usePriceGrid({
    outRouteId: out.route.id,
    backRouteId: back.route.id,
    out: out.destination.date,
    back: back.destination.date,
    bags,
  });
  const data = grid.data;
  if (!data && !grid.isPending) return <GridError />;
  const outDays = (data?.outDays ?? daysAround(out.destination.date)) as Ymd[];
  const backDays = (data?.backDays ?? daysAround(back.destination.date)) as Ymd[];
  const columns = axis(intl, outDays);
  const rows = axis(intl, backDays);
  const byPair = new Map(data?.cells.map((cell) => [`${cell.out}/${cell.back}`, cell]));
  const outToday = todayAt(out.from);
  const backToday = todayAt(back.from);
  const cells = !data
    ? loadingCells(intl, columns, rows)
    : backDays.map((backDay) =>
        outDays.map((outDay): DateGridCell => {
          const cell = byPair.get(`${outDay}/${backDay}`);
          const price =
            cell?.price == null ? null : money.show(cell.price, data.currency, { whole: true });
          const cheapest = cell?.rating === 0;
          const selected = outDay === out.destination.date && backDay === back.destination.date;
          const days = intl.formatMessage(
            { id: 'search.flexible.pair' },
            { out: formatDay(intl, outDay, 'short'), back: formatDay(intl, backDay, 'short') },
          );
          const noPrice =
            noPriceOf(outDay, outToday) === 'past' || noPriceOf(backDay, backToday) === 'past'
              ? 'past'
              : backDay < outDay
                ? 'backBeforeOut'
                : 'none';
          return {
            key: `${outDay}/${backDay}`,
            href: price === null ? null : hrefFor([outDay, backDay]),
            price,
            cheapest,
            selected,
            label: cellLabel(intl, days, price, noPrice, cheapest, selected),
          };
        }),
      );
  return (
    <DateGrid
      labelledBy={labelledBy}
      columns={columns}
      columnsTitle={intl.formatMessage({ id: 'search.flexible.outbound' })}
      rows={rows}
      rowsTitle={intl.formatMessage({ id: 'search.flexible.return' })}
      cells={cells}
      busy={!data}
    />
  );
}

/** The ±3-day strip of a one-way trip, from the day calendars. */
function OneWayStrip({
  leg,
  bags,
  money,
  hrefFor,
  labelledBy,
}: Omit<FlexibleDatesProps, 'legs'> & {
  readonly leg: TripLeg;
  readonly labelledBy: string;
}) {
  const intl = useIntl();
  const days = daysAround(leg.destination.date);
  const { prices, pending, failed } = useDayPrices(leg.route.id, days, bags);
  if (!pending && failed && prices.size === 0) return <GridError />;
  const priced = days.flatMap((day) => {
    const found = prices.get(day);
    return found ? [money.convert(found.price, found.currency)] : [];
  });
  const ratings = ratePrices(priced);
  const columns = axis(intl, days);
  const today = todayAt(leg.from);
  let next = 0;
  const cells = pending
    ? loadingCells(intl, columns, [null])
    : [
        days.map((day): DateGridCell => {
          const found = prices.get(day);
          const rating = found ? ratings[next++] : undefined;
          const price = found ? money.show(found.price, found.currency, { whole: true }) : null;
          const selected = day === leg.destination.date;
          return {
            key: day,
            href: price === null ? null : hrefFor([day]),
            price,
            cheapest: rating === 0,
            selected,
            label: cellLabel(
              intl,
              formatDay(intl, day, 'full'),
              price,
              noPriceOf(day, today),
              rating === 0,
              selected,
            ),
          };
        }),
      ];
  return (
    <DateGrid
      labelledBy={labelledBy}
      columns={columns}
      columnsTitle={intl.formatMessage({ id: 'search.flexible.outbound' })}
      rows={[null]}
      rowsTitle={null}
      cells={cells}
      busy={pending}
    />
  );
}

/**
 * 'Flexible dates' on the results page (SPEC §3): for a return trip, seven outbound days by
 * seven return days around the searched ones, each pair's cheapest all-in price; for a one-way
 * trip, the seven days around the searched one. The cheapest say so in words, the searched pair
 * is outlined, and a tap (or Enter) searches that pair with everything else kept.
 */
export function FlexibleDates({ legs, bags, money, hrefFor }: FlexibleDatesProps) {
  const intl = useIntl();
  const titleId = useId();
  const [first, second] = legs;
  if (!first) return null;
  const hint = second ? 'search.flexible.hintReturn' : 'search.flexible.hintOneWay';
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {intl.formatMessage({ id: 'search.flexible.title' })}
      </h2>
      <p className={styles.hint}>{intl.formatMessage({ id: bags > 0 ? `${hint}Bags` : hint })}</p>
      {second ? (
        <ReturnGrid
          out={first}
          back={second}
          bags={bags}
          money={money}
          hrefFor={hrefFor}
          labelledBy={titleId}
        />
      ) : (
        <OneWayStrip leg={first} bags={bags} money={money} hrefFor={hrefFor} labelledBy={titleId} />
      )}
    </section>
  );
}
