import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { AirportSelect } from '../../../components/ui/airport-select.tsx';
import { DestinationSelect } from './destination-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCityName } from '../../../lib/city-names.ts';
import {
  destinationAirports,
  hasErrors,
  INITIAL_FORM,
  MAX_MULTI_LEGS,
  MIN_MULTI_LEGS,
  originAirports,
  routeBetween,
  searchFormReducer,
  searchPathOf,
  validateSearchForm,
  type FieldError,
  type FormAction,
  type SearchFormState,
  type TripType,
} from '../search-form-state.ts';
import type { RouteNetwork } from '../trip.ts';
import { formatLongDate } from './flight-format.ts';
import { PassengersPicker } from './passengers-picker.tsx';
import { BagsPicker } from './bags-picker.tsx';
import { bagsSearch } from '../bags.ts';
import { RouteDateField, type CalendarWatch } from './route-date-field.tsx';
import { routeDateMessage } from './route-date-message.ts';
import styles from './search-form.module.css';
import { Icon } from '../../../components/ui/icon.tsx';

export interface SearchFormProps {
  readonly network: RouteNetwork;
  /** The form's first state (the `#edit` overlay fills in the search shown). */
  readonly initial?: SearchFormState;
  /** A departure airport to start from (the nearest one), until the traveller picks one. */
  readonly defaultOrigin?: string | null;
  /** Told whenever the first departure airport changes. */
  readonly onOriginChange?: (code: string | null) => void;
  /** Told whenever the passengers or their checked bags change. */
  readonly onTravellersChange?: (passengers: Passengers, bags: BagCount) => void;
  /**
   * Where the search goes (the results path, with `?bags=N` when bags are chosen); navigates to
   * the results page by default.
   */
  readonly onSearch?: (path: string) => void;
}

const TRIP_TYPES: readonly TripType[] = ['return', 'oneWay', 'multi'];

/** A form field's problem in the UI language. */
export function fieldErrorText(intl: IntlShape, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  switch (error.code) {
    case 'chooseFrom':
    case 'chooseTo':
    case 'chooseDate':
    case 'unreadable':
    case 'past':
      return intl.formatMessage({ id: `search.form.${error.code}` });
    case 'routeDate':
      return routeDateMessage(intl, error.error);
    case 'tooFar':
      return intl.formatMessage(
        { id: 'search.date.tooFar' },
        { date: formatLongDate(intl, error.max) },
      );
    case 'beforePrevious':
      return intl.formatMessage(
        { id: 'search.form.beforePrevious' },
        { date: formatLongDate(intl, error.date) },
      );
    case 'noReturnRoute':
      return intl.formatMessage(
        { id: 'search.form.noReturnRoute' },
        { fromCity: error.fromCity, toCity: error.toCity },
      );
  }
}

/**
 * The search form (SPEC §1, §5): one-way, return or multi-city (two to six flights), airports
 * limited to those with routes (destinations to the chosen departure airport's), route date
 * fields with the price calendar, passengers, and a search button that goes to the `/flights/…`
 * or `/multi/…` path built by the domain's codec.
 */
export function SearchForm({
  network,
  initial = INITIAL_FORM,
  defaultOrigin = null,
  onOriginChange,
  onTravellersChange,
  onSearch,
}: SearchFormProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(
    (current: SearchFormState, action: FormAction) =>
      searchFormReducer(current, action, network.routes),
    initial,
  );
  const [submitted, setSubmitted] = useState(false);
  const [defaultApplied, setDefaultApplied] = useState<string | null>(null);
  /** Asks a flight's date field to open its calendar (its destination was just picked). */
  const [calendarRequest, setCalendarRequest] = useState({ index: -1, count: 0 });
  const origins = originAirports(network);
  const airports = new Map(network.airports.map((airport) => [airport.id, airport]));

  // The nearest airport fills an empty departure until the traveller chooses one.
  const firstFrom = state.legs[0]?.from ?? null;
  if (
    defaultOrigin !== null &&
    defaultOrigin !== defaultApplied &&
    firstFrom === null &&
    origins.some((airport) => airport.id === defaultOrigin)
  ) {
    setDefaultApplied(defaultOrigin);
    dispatch({ type: 'from', index: 0, code: defaultOrigin });
  }
  useEffect(() => {
    onOriginChange?.(firstFrom);
  }, [firstFrom, onOriginChange]);
  useEffect(() => {
    onTravellersChange?.(state.passengers, state.bags);
  }, [state.passengers, state.bags, onTravellersChange]);

  const cityName = useCityName();
  const errors = validateSearchForm(state, network, { complete: submitted, cityName });
  const showSummary = submitted && hasErrors(errors);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = searchPathOf(state, network);
    if (found === null) {
      // After the errors render, take the traveller to the first one.
      requestAnimationFrame(() => {
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    const path = found + bagsSearch(state.bags);
    if (onSearch) onSearch(path);
    else void navigate(path);
  };

  const single = state.tripType !== 'multi';
  const [first] = state.legs;
  const returnRoute = first ? routeBetween(network.routes, first.to, first.from) : undefined;
  // The calendar offers a price watch of the route for these passengers and bags.
  const watchOf = (from: string | null, to: string | null): CalendarWatch | undefined => {
    const origin = from === null ? undefined : airports.get(from);
    const destination = to === null ? undefined : airports.get(to);
    if (!origin || !destination) return undefined;
    return {
      routeName: `${cityName(origin.city)} → ${cityName(destination.city)}`,
      passengers: state.passengers,
    };
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit}>
      <fieldset className={styles.tripType}>
        <legend className="visually-hidden">
          {intl.formatMessage({ id: 'search.form.tripType' })}
        </legend>
        {TRIP_TYPES.map((type) => (
          <label key={type} className={styles.tripOption}>
            <input
              type="radio"
              name={`${formId}-trip`}
              value={type}
              checked={state.tripType === type}
              onChange={() => dispatch({ type: 'tripType', tripType: type })}
            />
            <span>{intl.formatMessage({ id: `search.form.${type}` })}</span>
          </label>
        ))}
      </fieldset>

      {showSummary ? (
        <p className={styles.summaryError} role="alert">
          {intl.formatMessage({ id: 'search.form.fixErrors' })}
        </p>
      ) : null}

      {state.legs.map((leg, index) => {
        const legErrors = errors.legs[index] ?? {};
        const route = routeBetween(network.routes, leg.from, leg.to) ?? null;
        const previous = index > 0 ? (state.legs[index - 1]?.date ?? null) : null;
        const fields = (
          <div className={single ? styles.legRow : styles.legGrid}>
            <div className={styles.airports}>
              <AirportSelect
                label={intl.formatMessage({ id: 'search.form.from' })}
                airports={origins}
                value={leg.from}
                required
                error={fieldErrorText(intl, legErrors.from)}
                onChange={(code) => dispatch({ type: 'from', index, code })}
              />
              {single ? (
                <button
                  type="button"
                  className={styles.swap}
                  aria-label={intl.formatMessage({ id: 'search.form.swap' })}
                  title={intl.formatMessage({ id: 'search.form.swap' })}
                  disabled={leg.from === null || leg.to === null}
                  onClick={() => dispatch({ type: 'swap' })}
                >
                  <Icon name="swap" />
                </button>
              ) : null}
              <DestinationSelect
                label={intl.formatMessage({ id: 'search.form.to' })}
                origin={leg.from === null ? null : (airports.get(leg.from) ?? null)}
                airports={destinationAirports(network, leg.from)}
                bags={state.bags}
                value={leg.to}
                required
                disabled={leg.from === null}
                hint={
                  leg.from === null
                    ? intl.formatMessage({ id: 'search.form.fromFirst' })
                    : undefined
                }
                error={fieldErrorText(intl, legErrors.to)}
                onChange={(code) => {
                  dispatch({ type: 'to', index, code });
                  // A destination picked: its calendar opens, the next thing to choose.
                  if (code !== null)
                    setCalendarRequest((request) => ({ index, count: request.count + 1 }));
                }}
              />
            </div>
            <div className={styles.dates}>
              <RouteDateField
                label={intl.formatMessage({
                  id: single ? 'search.form.departure' : 'search.form.date',
                })}
                route={route}
                origin={leg.from === null ? null : (airports.get(leg.from) ?? null)}
                value={leg.date}
                openRequest={calendarRequest.index === index ? calendarRequest.count : 0}
                notBefore={previous}
                bags={state.bags}
                watch={watchOf(leg.from, leg.to)}
                required
                error={fieldErrorText(intl, legErrors.date)}
                onChange={(date: Ymd | null, unreadable) =>
                  dispatch({ type: 'date', index, date, unreadable })
                }
              />
              {state.tripType === 'return' && index === 0 ? (
                <RouteDateField
                  label={intl.formatMessage({ id: 'search.form.returnDate' })}
                  route={returnRoute ?? null}
                  origin={leg.to === null ? null : (airports.get(leg.to) ?? null)}
                  value={state.returnDate}
                  notBefore={leg.date}
                  bags={state.bags}
                  watch={watchOf(leg.to, leg.from)}
                  required
                  error={fieldErrorText(intl, errors.returnDate)}
                  onChange={(date: Ymd | null, unreadable) =>
                    dispatch({ type: 'returnDate', date, unreadable })
                  }
                />
              ) : null}
            </div>
          </div>
        );
        if (single) return <div key="single">{fields}</div>;
        return (
          <fieldset key={index} className={styles.leg}>
            <legend className={styles.groupLabel}>
              {intl.formatMessage({ id: 'search.form.flightNumber' }, { number: index + 1 })}
            </legend>
            {fields}
            {state.legs.length > MIN_MULTI_LEGS ? (
              <Button
                variant="text"
                size="sm"
                onClick={() => dispatch({ type: 'removeLeg', index })}
              >
                {intl.formatMessage({ id: 'search.form.removeFlight' }, { number: index + 1 })}
              </Button>
            ) : null}
          </fieldset>
        );
      })}

      {state.tripType === 'multi' && state.legs.length < MAX_MULTI_LEGS ? (
        <Button variant="secondary" onClick={() => dispatch({ type: 'addLeg' })}>
          {intl.formatMessage({ id: 'search.form.addFlight' })}
        </Button>
      ) : null}

      <PassengersPicker
        passengers={state.passengers}
        onChange={(kind, count) => dispatch({ type: 'passengers', kind, count })}
      />
      <BagsPicker bags={state.bags} onChange={(bags) => dispatch({ type: 'bags', bags })} />

      <Button type="submit" size="lg" className={styles.submit}>
        {intl.formatMessage({ id: 'search.form.submit' })}
      </Button>
    </form>
  );
}
