import {
  clampToBounds,
  datePickerBounds,
  datePickerYears,
  WEEK_STARTS_ON,
} from '@uniquair/domain/calendar/date-picker-bounds';
import { ymd, ymdParts, ymdToUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DayPicker, type DayButtonProps, type Formatters, type Labels } from 'react-day-picker';
import { useIntl, type IntlShape } from 'react-intl';
import {
  addMonths,
  compareYearMonth,
  localToday,
  pickability,
  yearMonthOf,
  ymdFromLocalDate,
  ymdToLocalDate,
  type YearMonth,
} from './calendar-days.ts';
import styles from './calendar.module.css';
import { PickerGrid } from './picker-grid.tsx';
import { Icon } from './icon.tsx';

export type CalendarView = 'days' | 'months' | 'years';

export interface CalendarOptions {
  /** The first day that can be picked; 1 January 1900 by default (SPEC §5). */
  readonly min?: Ymd;
  /** The last day that can be picked; 31 December of the year 30 years ahead by default. */
  readonly max?: Ymd;
  /** Day-of-week mask of the pickable weekdays (a route's `dow`); every weekday when absent. */
  readonly dowMask?: number | null;
  /** Disables more days, e.g. those without a flight. */
  readonly isDayDisabled?: (date: Ymd) => boolean;
  /** Extra content under a day's number, e.g. its lowest price and rating. */
  readonly renderDayContent?: (date: Ymd) => ReactNode;
  /** Extra content under a month's name in the month picker (month 1–12), e.g. its lowest price. */
  readonly renderMonthContent?: (year: number, month: number) => ReactNode;
  /** Shown under the day grid and the month picker, e.g. what the contents mean. */
  readonly legend?: ReactNode;
  /** Today's date; where the browser is by default. */
  readonly today?: Ymd;
}

export interface CalendarProps extends CalendarOptions {
  readonly value: Ymd | null;
  readonly onSelect: (date: Ymd) => void;
  /** Moves focus into the calendar when it mounts (the selected day, else today, else the first). */
  readonly autoFocus?: boolean;
  /** Called with the (first) month shown, whenever it changes. */
  readonly onMonthChange?: (year: number, month: number) => void;
  /** Months side by side in the day grid: 2 on a wide screen; the arrows move one month. */
  readonly monthsShown?: 1 | 2;
}

const UTC = 'UTC';

function monthName(intl: IntlShape, year: number, month: number): string {
  return intl.formatDate(ymdToUtcDate(ymd(year, month, 1)), { month: 'long', timeZone: UTC });
}

function monthYearName(intl: IntlShape, year: number, month: number): string {
  return intl.formatDate(ymdToUtcDate(ymd(year, month, 1)), {
    month: 'long',
    year: 'numeric',
    timeZone: UTC,
  });
}

/** A day's full name: 'Monday, 2 March 2026' in the UI language. */
export function dayName(intl: IntlShape, date: Ymd): string {
  return intl.formatDate(ymdToUtcDate(date), { dateStyle: 'full', timeZone: UTC });
}

function fromLocal(date: Date): Date {
  return ymdToUtcDate(ymdFromLocalDate(date));
}

interface DayContext {
  readonly renderDayContent?: (date: Ymd) => ReactNode;
  readonly todayLabel: string;
  readonly dayLabel: (date: Ymd) => string;
}

const CalendarDayContext = createContext<DayContext | null>(null);

/**
 * A day of the grid: the number (visual), the full date for assistive technology, and the
 * optional day content. It takes focus when react-day-picker moves focus to it.
 */
function CalendarDayButton({ day, modifiers, children, ...buttonProps }: DayButtonProps) {
  const context = useContext(CalendarDayContext);
  const ref = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const date = ymdFromLocalDate(day.date);
  const content = context?.renderDayContent?.(date);
  return (
    <button {...buttonProps} ref={ref} aria-label={undefined}>
      <span className={styles.dayNumber} aria-hidden="true">
        {children}
      </span>
      <span className="visually-hidden">
        {modifiers.today && context ? `${context.todayLabel}, ` : ''}
        {context?.dayLabel(date)}
      </span>
      {content !== undefined && content !== null ? (
        <span className={styles.dayContent}>{content}</span>
      ) : null}
    </button>
  );
}

const dayPickerComponents = { DayButton: CalendarDayButton };

/**
 * The calendar of the date picker (SPEC §2, §5): a day grid (react-day-picker) with weeks
 * starting on Monday, a month picker and a year picker (1900 to 30 years ahead by default). Days
 * outside min/max, on weekdays outside the mask or disabled by `isDayDisabled` cannot be picked;
 * months and years without a pickable day are disabled. Month and day names come from `Intl` in
 * the UI language. Keys in the day grid: arrows, PageUp/PageDown (month; with Shift, year),
 * Home/End (start/end of week), Enter/Space to pick.
 */
export function Calendar({
  value,
  onSelect,
  min,
  max,
  dowMask,
  isDayDisabled,
  renderDayContent,
  renderMonthContent,
  legend,
  today: todayProp,
  autoFocus = false,
  onMonthChange,
  monthsShown = 1,
}: CalendarProps) {
  const intl = useIntl();
  const [browserToday] = useState(localToday);
  const today = todayProp ?? browserToday;
  const rules = useMemo(
    () => pickability(datePickerBounds(today, { min, max, dowMask }), isDayDisabled),
    [today, min, max, dowMask, isDayDisabled],
  );
  const { bounds } = rules;
  const first = yearMonthOf(bounds.min);
  // The first month shown: with two side by side, the last month is the second one.
  const lastMonth = yearMonthOf(bounds.max);
  const last =
    monthsShown === 2 && compareYearMonth(addMonths(lastMonth, -1), first) >= 0
      ? addMonths(lastMonth, -1)
      : lastMonth;

  const [view, setView] = useState<CalendarView>('days');
  const [shown, setShown] = useState<YearMonth>(() => {
    const start = yearMonthOf(value ?? clampToBounds(bounds, today));
    return compareYearMonth(start, last) > 0 ? last : start;
  });
  /** Focus the day grid when it comes back from the month picker. */
  const [focusDays, setFocusDays] = useState(autoFocus);

  const show = (next: YearMonth) => {
    const clamped =
      compareYearMonth(next, first) < 0 ? first : compareYearMonth(next, last) > 0 ? last : next;
    setShown(clamped);
    onMonthChange?.(clamped.year, clamped.month);
  };

  const dayContext = useMemo<DayContext>(
    () => ({
      renderDayContent,
      todayLabel: intl.formatMessage({ id: 'ui.datePicker.today' }),
      dayLabel: (date) => dayName(intl, date),
    }),
    [intl, renderDayContent],
  );

  const formatters = useMemo<Partial<Formatters>>(
    () => ({
      formatCaption: (month) => {
        const { year, month: m } = ymdParts(ymdFromLocalDate(month));
        return monthYearName(intl, year, m);
      },
      formatDay: (date) => intl.formatNumber(date.getDate()),
      formatWeekdayName: (weekday) =>
        intl.formatDate(fromLocal(weekday), { weekday: 'short', timeZone: UTC }),
    }),
    [intl],
  );
  const labels = useMemo<Partial<Labels>>(
    () => ({
      labelGrid: (month) => {
        const { year, month: m } = ymdParts(ymdFromLocalDate(month));
        return monthYearName(intl, year, m);
      },
      labelGridcell: (date) => dayName(intl, ymdFromLocalDate(date)),
      labelWeekday: (weekday) =>
        intl.formatDate(fromLocal(weekday), { weekday: 'long', timeZone: UTC }),
    }),
    [intl],
  );

  const canGoBack = compareYearMonth(shown, first) > 0;
  const canGoForward = compareYearMonth(shown, last) < 0;
  const shownMonthName = monthName(intl, shown.year, shown.month);
  const shownYear = intl.formatNumber(shown.year, { useGrouping: false });

  const switchView = (next: CalendarView) => {
    setView((current) => (current === next ? 'days' : next));
    setFocusDays(true);
  };

  return (
    <div className={styles.calendar} lang={intl.locale}>
      <div className={styles.header}>
        {view === 'days' ? (
          <button
            type="button"
            className={styles.navButton}
            aria-label={intl.formatMessage({ id: 'ui.datePicker.previousMonth' })}
            title={intl.formatMessage({ id: 'ui.datePicker.previousMonth' })}
            disabled={!canGoBack}
            onClick={() => show(addMonths(shown, -1))}
          >
            <Icon name="chevronLeft" />
          </button>
        ) : (
          <span className={styles.navSpacer} />
        )}
        <div className={styles.viewButtons}>
          <button
            type="button"
            className={styles.viewButton}
            aria-pressed={view === 'months'}
            aria-label={intl.formatMessage(
              { id: 'ui.datePicker.chooseMonth' },
              { month: shownMonthName },
            )}
            onClick={() => switchView('months')}
          >
            {shownMonthName}
            <Icon name="chevronDown" />
          </button>
          <button
            type="button"
            className={styles.viewButton}
            aria-pressed={view === 'years'}
            aria-label={intl.formatMessage({ id: 'ui.datePicker.chooseYear' }, { year: shownYear })}
            onClick={() => switchView('years')}
          >
            {shownYear}
            <Icon name="chevronDown" />
          </button>
        </div>
        {view === 'days' ? (
          <button
            type="button"
            className={styles.navButton}
            aria-label={intl.formatMessage({ id: 'ui.datePicker.nextMonth' })}
            title={intl.formatMessage({ id: 'ui.datePicker.nextMonth' })}
            disabled={!canGoForward}
            onClick={() => show(addMonths(shown, 1))}
          >
            <Icon name="chevronRight" />
          </button>
        ) : (
          <span className={styles.navSpacer} />
        )}
      </div>

      {view === 'days' ? (
        <CalendarDayContext value={dayContext}>
          <DayPicker
            mode="single"
            selected={value ? ymdToLocalDate(value) : undefined}
            onDayClick={(date, modifiers) => {
              if (!modifiers.disabled) onSelect(ymdFromLocalDate(date));
            }}
            month={ymdToLocalDate(ymd(shown.year, shown.month, 1))}
            numberOfMonths={monthsShown}
            onMonthChange={(month) => show(yearMonthOf(ymdFromLocalDate(month)))}
            startMonth={ymdToLocalDate(bounds.min)}
            endMonth={ymdToLocalDate(bounds.max)}
            today={ymdToLocalDate(today)}
            disabled={(date: Date) => !rules.isDayPickable(ymdFromLocalDate(date))}
            weekStartsOn={WEEK_STARTS_ON}
            hideNavigation
            autoFocus={focusDays}
            formatters={formatters}
            labels={labels}
            lang={intl.locale}
            components={dayPickerComponents}
            classNames={{
              root: styles.dayPicker,
              months: styles.months,
              // One month: its name is the header's. Two: each grid says which month it is.
              month_caption: monthsShown === 2 ? styles.monthCaption : 'visually-hidden',
              month_grid: styles.grid,
              weekday: styles.weekday,
              day: styles.day,
              day_button: styles.dayButton,
              selected: styles.selected,
              today: styles.today,
              disabled: styles.disabled,
              outside: styles.outside,
            }}
          />
        </CalendarDayContext>
      ) : view === 'months' ? (
        <PickerGrid
          key={`months-${shown.year}`}
          label={intl.formatMessage({ id: 'ui.datePicker.months' })}
          columns={3}
          initialKey={shown.month}
          autoFocus
          items={Array.from({ length: 12 }, (_, index) => {
            const month = index + 1;
            return {
              key: month,
              label: monthName(intl, shown.year, month),
              ariaLabel: monthYearName(intl, shown.year, month),
              disabled: !rules.isMonthPickable(shown.year, month),
              current: month === shown.month,
              content: renderMonthContent?.(shown.year, month),
            };
          })}
          onPick={(month) => {
            show({ year: shown.year, month });
            setView('days');
          }}
          onPage={(direction) => {
            const year = shown.year + direction;
            if (year >= first.year && year <= last.year) show({ year, month: shown.month });
          }}
        />
      ) : (
        <div className={styles.years}>
          <PickerGrid
            label={intl.formatMessage({ id: 'ui.datePicker.years' })}
            columns={4}
            initialKey={shown.year}
            autoFocus
            items={datePickerYears(bounds).map((year) => ({
              key: year,
              label: intl.formatNumber(year, { useGrouping: false }),
              disabled: !rules.isYearPickable(year),
              current: year === shown.year,
            }))}
            onPick={(year) => {
              show({ year, month: shown.month });
              setView('months');
            }}
          />
        </div>
      )}
      {legend && view !== 'years' ? <div className={styles.legend}>{legend}</div> : null}
    </div>
  );
}
