import type { Airport, Route } from '@uniquair/contract/data';
import { clampToBounds } from '@uniquair/domain/calendar/date-picker-bounds';
import { maxYmd, ymd, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';
import { routeDateRange } from '@uniquair/domain/routes/route-date-field';
import { lazy, Suspense, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import controlStyles from '../../../components/ui/control.module.css';
import { describedBy, Field, useFieldIds } from '../../../components/ui/field.tsx';
import { PickerDialog } from '../../../components/ui/picker-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { MOBILE_MEDIA_QUERY } from '@uniquair/domain/config/layout';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { addMonths } from '../../../components/ui/calendar-days.ts';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Passengers } from '@uniquair/domain/search/passengers';
import { useCheapestDays } from '../api/get-cheapest-days.ts';
import { useCheapestMonths } from '../api/get-cheapest-months.ts';
import { useMoney } from '../hooks/use-money.ts';
import { scheduleOf, todayAt } from '../trip.ts';
import { formatTypedDate, parseTypedDate } from '../typed-date.ts';
import { formatDay } from './flight-format.ts';
import { DayPrice, MonthPrice, PriceLegend } from './price-calendar.tsx';
import styles from './route-date-field.module.css';
import { Icon } from '../../../components/ui/icon.tsx';

// The calendar (react-day-picker) loads when first opened, not with the search form; so do the
// price watches under it (push subscription and all).
const Calendar = lazy(async () => ({
  default: (await import('../../../components/ui/calendar.tsx')).Calendar,
}));
const PriceWatch = lazy(async () => ({
  default: (await import('./price-watch.tsx')).PriceWatch,
}));

/** What a price watch from the calendar needs besides the route and days. */
export interface CalendarWatch {
  /** "Sofia → London". */
  readonly routeName: string;
  readonly passengers: Passengers;
}

export interface RouteDateFieldProps {
  readonly label: string;
  /** The route flown; null until both airports are chosen (the field is disabled). */
  readonly route: Route | null;
  readonly origin: Airport | null;
  readonly value: Ymd | null;
  /** Called with the date, or null and whether the typed text is not a date. */
  readonly onChange: (date: Ymd | null, unreadable: boolean) => void;
  /** No earlier day can be picked (the previous leg's date). */
  readonly notBefore?: Ymd | null;
  readonly error?: string;
  readonly required?: boolean;
  readonly id?: string;
  /** The text input (a form focuses it on an error). */
  readonly ref?: Ref<HTMLInputElement>;
  /** Opens the calendar each time it changes to a new positive number (0: never asked). */
  readonly openRequest?: number;
  /** Checked bags per passenger: the calendar's prices are all-in with them. */
  readonly bags?: BagCount;
  /**
   * Offers "Tell me when it's cheaper" under the calendar, for the chosen day and for the month
   * shown (docs/price-watch.md).
   */
  readonly watch?: CalendarWatch;
}

/**
 * A route date field (SPEC §2, §5): type the date, or pick it in the price calendar, which offers
 * only the days the route flies in its range (from today at the departure airport, at most a year
 * ahead) and shows each day's lowest price and rating and each month's lowest price. A typed date
 * is checked by the form, which shows the route date messages.
 */
export function RouteDateField({
  label,
  route,
  origin,
  value,
  onChange,
  notBefore = null,
  error,
  required = false,
  id,
  ref,
  openRequest = 0,
  bags = 0,
  watch,
}: RouteDateFieldProps) {
  const intl = useIntl();
  const money = useMoney();
  const ids = useFieldIds(id);
  const calendarButton = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => (value ? formatTypedDate(value, intl.locale) : ''));
  const [shownValue, setShownValue] = useState(value);
  const [shownLocale, setShownLocale] = useState(intl.locale);
  // A date set from outside (the calendar, the form) replaces the text.
  if (shownValue !== value || shownLocale !== intl.locale) {
    setShownValue(value);
    setShownLocale(intl.locale);
    if (value !== null) setText(formatTypedDate(value, intl.locale));
    else if (shownValue !== null) setText('');
  }

  const today = origin ? todayAt(origin) : null;
  const range = route && today ? routeDateRange(scheduleOf(route), today) : null;
  const min = range && notBefore ? maxYmd(range.min, notBefore) : range?.min;
  const bounds = range && min && min <= range.max ? { min, max: range.max } : null;
  const disabled = route === null || origin === null;
  const initialMonth = () => {
    const { year, month } = ymdParts(
      value ?? (bounds && today ? clampToBounds(bounds, today) : (today ?? ('2026-01-01' as Ymd))),
    );
    return { year, month };
  };
  const [shown, setShown] = useState(initialMonth);
  const routeId = open && route ? route.id : null;
  // A wide screen shows two months side by side, with the prices of both.
  const monthsShown = useMediaQuery(MOBILE_MEDIA_QUERY) ? 1 : 2;
  const next = addMonths(shown, 1);
  const days = useCheapestDays(routeId, shown.year, shown.month, bags);
  const nextDays = useCheapestDays(monthsShown === 2 ? routeId : null, next.year, next.month, bags);
  const months = useCheapestMonths(routeId, bags);

  const commit = () => {
    const trimmed = text.trim();
    const date = trimmed === '' ? null : parseTypedDate(trimmed, intl.locale);
    // The text stays as typed: only a date set from outside rewrites it.
    setShownValue(date);
    if (date !== null) setText(formatTypedDate(date, intl.locale));
    onChange(date, trimmed !== '' && date === null);
  };

  const openCalendar = () => {
    setShown(initialMonth());
    setOpen(true);
  };
  // Asked to open (the destination was just picked): the calendar opens once the route is known.
  const [answeredRequest, setAnsweredRequest] = useState(openRequest);
  if (openRequest !== answeredRequest && !disabled && bounds !== null) {
    setAnsweredRequest(openRequest);
    if (openRequest > 0) openCalendar();
  }
  const close = () => setOpen(false);

  const example = formatTypedDate(bounds?.min ?? today ?? ('2026-12-01' as Ymd), intl.locale);
  const hint = disabled
    ? intl.formatMessage({ id: 'search.date.chooseAirportsFirst' })
    : value
      ? formatDay(intl, value, 'full')
      : intl.formatMessage({ id: 'search.date.hint' }, { example });
  const calendarLabel = intl.formatMessage({ id: 'search.date.openCalendar' }, { label });

  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <div ref={wrapper} className={styles.wrapper}>
        <div className={styles.row}>
          <input
            ref={ref}
            id={ids.controlId}
            className={[controlStyles.control, styles.input].join(' ')}
            type="text"
            autoComplete="off"
            value={text}
            disabled={disabled}
            required={required}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(ids, { hint, error })}
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              } else if (event.key === 'ArrowDown' && event.altKey && !disabled) {
                event.preventDefault();
                openCalendar();
              }
            }}
          />
          <button
            ref={calendarButton}
            type="button"
            className={styles.calendarButton}
            aria-label={calendarLabel}
            title={calendarLabel}
            aria-haspopup="dialog"
            aria-expanded={open}
            disabled={disabled || bounds === null}
            onClick={openCalendar}
          >
            <Icon name="calendar" />
          </button>
        </div>
        {open && route && bounds && today ? (
          <PickerDialog
            labelledBy={ids.labelId}
            onClose={close}
            anchor={wrapper}
            returnFocus={calendarButton}
          >
            <Suspense fallback={<Spinner size={48} />}>
              <Calendar
                value={value}
                today={today}
                min={bounds.min}
                max={bounds.max}
                dowMask={route.dow}
                monthsShown={monthsShown}
                autoFocus
                onMonthChange={(year, month) => setShown({ year, month })}
                onSelect={(date) => {
                  setShownValue(date);
                  setText(formatTypedDate(date, intl.locale));
                  onChange(date, false);
                  close();
                }}
                renderDayContent={(date) => (
                  <DayPrice
                    date={date}
                    prices={ymdParts(date).month === shown.month ? days.data : nextDays.data}
                    money={money}
                  />
                )}
                renderMonthContent={(year, month) => (
                  <MonthPrice year={year} month={month} prices={months.data} money={money} />
                )}
                legend={
                  <PriceLegend
                    updatedAt={
                      days.data?.updatedAt ??
                      (days.dataUpdatedAt ? new Date(days.dataUpdatedAt) : null)
                    }
                    loading={days.isPending}
                    currency={money.currencyOf(days.data?.currency ?? 'USD')}
                  />
                }
              />
              {watch ? (
                <div className={styles.watches}>
                  {value !== null && value >= bounds.min && value <= bounds.max ? (
                    <PriceWatch
                      key={`day-${value}`}
                      routeId={route.id}
                      date={value}
                      routeName={watch.routeName}
                      passengers={watch.passengers}
                      bags={bags}
                      money={money}
                    />
                  ) : null}
                  <PriceWatch
                    key={`month-${shown.year}-${shown.month}`}
                    routeId={route.id}
                    date={monthWatchDay(shown, bounds)}
                    wholeMonth
                    routeName={watch.routeName}
                    passengers={watch.passengers}
                    bags={bags}
                    money={money}
                  />
                </div>
              ) : null}
            </Suspense>
          </PickerDialog>
        ) : null}
      </div>
    </Field>
  );
}

/** A day of the month shown that the route can still be watched on (the month's first on sale). */
function monthWatchDay(
  shown: { readonly year: number; readonly month: number },
  bounds: { readonly min: Ymd; readonly max: Ymd },
): Ymd {
  return maxYmd(ymd(shown.year, shown.month, 1), bounds.min);
}
