import {
  DEFAULT_FILTERS,
  FULL_DAY,
  hasActiveFilters,
  type HourWindow,
  type SearchFilters,
} from '@uniquair/domain/search/filters';
import { memo, useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import type { Money } from '../hooks/use-money.ts';
import type { TripLeg } from '../trip.ts';
import { formatDuration, formatHour } from './flight-format.ts';
import { legTitle } from './leg-results.tsx';
import styles from './search-results.module.css';

/** A leg's four hour selects: when it may depart and arrive, each from and until. */
const WINDOW_SELECTS = [
  { kind: 'departure', end: 'from', label: 'search.filters.departFrom' },
  { kind: 'departure', end: 'to', label: 'search.filters.departUntil' },
  { kind: 'arrival', end: 'from', label: 'search.filters.arriveFrom' },
  { kind: 'arrival', end: 'to', label: 'search.filters.arriveUntil' },
] as const;

export interface ResultsFiltersProps {
  readonly legs: readonly TripLeg[];
  readonly filters: SearchFilters;
  /** Lowest and highest price found, minor units of the shown currency; null before results. */
  readonly priceBounds: readonly [number, number] | null;
  readonly priceCurrency: string;
  readonly durationBounds: readonly [number, number] | null;
  /** The most stops of any flight found. */
  readonly maxStops: number;
  readonly money: Money;
  readonly onChange: (filters: SearchFilters) => void;
}

const DURATION_STEP = 5;

/** Steps of the price slider: about a hundred between the lowest and highest price. */
function priceStep(low: number, high: number): number {
  return Math.max(1, Math.round((high - low) / 100));
}

/**
 * The filters of SPEC §3: stops, highest price, longest travel time, and departure and arrival
 * windows (whole hours, 0000–2400) per leg. Every change goes to the page's query at once.
 */
export const ResultsFilters = memo(function ResultsFilters({
  legs,
  filters,
  priceBounds,
  priceCurrency,
  durationBounds,
  maxStops,
  money,
  onChange,
}: ResultsFiltersProps) {
  const intl = useIntl();
  const ids = useId();
  const set = (change: Partial<SearchFilters>) => onChange({ ...filters, ...change });
  const stopOptions = Array.from({ length: maxStops }, (_, stops) => stops);
  const showStops = maxStops > 0 || filters.maxStops !== null;

  const setWindow = (
    kind: 'departure' | 'arrival',
    legIndex: number,
    end: 'from' | 'to',
    hour: number,
  ) => {
    const current = filters[kind][legIndex] ?? FULL_DAY;
    let next: HourWindow = { ...current, [end]: hour };
    if (next.from >= next.to) {
      next =
        end === 'from'
          ? { from: hour, to: Math.min(24, hour + 1) }
          : { from: Math.max(0, hour - 1), to: hour };
    }
    const windows = { ...filters[kind] };
    if (next.from === 0 && next.to === 24) delete windows[legIndex];
    else windows[legIndex] = next;
    set({ [kind]: windows });
  };

  // The hours 0–24 as the UI language writes them, worked out once per language.
  const { earliest, latest } = useMemo(() => {
    const label = (hour: number) =>
      hour === 24 ? intl.formatMessage({ id: 'search.filters.endOfDay' }) : formatHour(intl, hour);
    const hours = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => ({
        value: String(from + index),
        label: label(from + index),
      }));
    return { earliest: hours(0, 23), latest: hours(1, 24) };
  }, [intl]);

  return (
    <div className={styles.filters}>
      {showStops ? (
        <fieldset className={styles.filterGroup}>
          <legend>{intl.formatMessage({ id: 'search.filters.stops' })}</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${ids}-stops`}
              checked={filters.maxStops === null}
              onChange={() => set({ maxStops: null })}
            />
            {intl.formatMessage({ id: 'search.filters.stopsAny' })}
          </label>
          {stopOptions.map((stops) => (
            <label key={stops} className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-stops`}
                checked={filters.maxStops === stops}
                onChange={() => set({ maxStops: stops })}
              />
              {stops === 0
                ? intl.formatMessage({ id: 'search.filters.stopsDirect' })
                : intl.formatMessage({ id: 'search.filters.stopsUpTo' }, { count: stops })}
            </label>
          ))}
        </fieldset>
      ) : null}

      {priceBounds && priceBounds[1] > priceBounds[0] ? (
        <div className={styles.filterGroup}>
          <label htmlFor={`${ids}-price`} className={styles.filterLabel}>
            {intl.formatMessage({ id: 'search.filters.price' })}
          </label>
          <input
            id={`${ids}-price`}
            type="range"
            className={styles.range}
            min={priceBounds[0]}
            max={priceBounds[1]}
            step={priceStep(priceBounds[0], priceBounds[1])}
            value={Math.min(
              Math.max(filters.maxPrice ?? priceBounds[1], priceBounds[0]),
              priceBounds[1],
            )}
            aria-valuetext={intl.formatMessage(
              { id: 'search.filters.upTo' },
              {
                value: money.format(filters.maxPrice ?? priceBounds[1], {
                  currency: priceCurrency,
                  whole: true,
                }),
              },
            )}
            onChange={(event) => {
              const value = Number(event.currentTarget.value);
              set({ maxPrice: value >= priceBounds[1] ? null : value });
            }}
          />
          <p className={styles.rangeValue} aria-hidden="true">
            {intl.formatMessage(
              { id: 'search.filters.upTo' },
              {
                value: money.format(filters.maxPrice ?? priceBounds[1], {
                  currency: priceCurrency,
                  whole: true,
                }),
              },
            )}
          </p>
        </div>
      ) : null}

      {durationBounds && durationBounds[1] > durationBounds[0] ? (
        <div className={styles.filterGroup}>
          <label htmlFor={`${ids}-duration`} className={styles.filterLabel}>
            {intl.formatMessage({ id: 'search.filters.duration' })}
          </label>
          <input
            id={`${ids}-duration`}
            type="range"
            className={styles.range}
            min={durationBounds[0]}
            max={durationBounds[1]}
            step={DURATION_STEP}
            value={Math.min(
              Math.max(filters.maxDurationMinutes ?? durationBounds[1], durationBounds[0]),
              durationBounds[1],
            )}
            aria-valuetext={intl.formatMessage(
              { id: 'search.filters.upTo' },
              { value: formatDuration(intl, filters.maxDurationMinutes ?? durationBounds[1]) },
            )}
            onChange={(event) => {
              const value = Number(event.currentTarget.value);
              set({ maxDurationMinutes: value >= durationBounds[1] ? null : value });
            }}
          />
          <p className={styles.rangeValue} aria-hidden="true">
            {intl.formatMessage(
              { id: 'search.filters.upTo' },
              { value: formatDuration(intl, filters.maxDurationMinutes ?? durationBounds[1]) },
            )}
          </p>
        </div>
      ) : null}

      {legs.map((leg) => (
        <fieldset key={leg.index} className={styles.filterGroup}>
          <legend>{legTitle(intl, leg)}</legend>
          <div className={styles.windows}>
            {WINDOW_SELECTS.map(({ kind, end, label }) => (
              <SelectInput
                key={label}
                label={intl.formatMessage({ id: label })}
                options={end === 'from' ? earliest : latest}
                value={String((filters[kind][leg.index] ?? FULL_DAY)[end])}
                onChange={(event) =>
                  setWindow(kind, leg.index, end, Number(event.currentTarget.value))
                }
              />
            ))}
          </div>
        </fieldset>
      ))}

      {hasActiveFilters(filters) ? (
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => onChange(DEFAULT_FILTERS)}
        >
          {intl.formatMessage({ id: 'search.filters.clear' })}
        </button>
      ) : null}
    </div>
  );
});
