/**
 * The search form (SPEC §1, §4, §5): one-way, return or multi-city legs, dates, passengers, and
 * the `/flights/…` or `/multi/…` path it searches, built by the domain's path builder. Pure: the
 * form component keeps this state and shows the errors `validateSearchForm` finds.
 */
import type { Airport, Route } from '@uniquair/contract/data';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { RouteDateError } from '@uniquair/domain/routes/route-date-field';
import { routeDateRange, validateRouteDate } from '@uniquair/domain/routes/route-date-field';
import type { Destination } from '@uniquair/domain/search/destination-codec';
import {
  DEFAULT_PASSENGERS,
  MAX_SEATED_PASSENGERS,
  correctPassengers,
  type Passengers,
} from '@uniquair/domain/search/passengers';
import {
  buildSearchPath,
  MAX_DESTINATIONS,
  type SearchView,
} from '@uniquair/domain/search/search-path';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { scheduleOf, todayAt, type RouteNetwork } from './trip.ts';
import type { CityName } from '../../lib/city-names.ts';

export type TripType = 'oneWay' | 'return' | 'multi';

export interface FormLeg {
  readonly from: string | null;
  readonly to: string | null;
  readonly date: Ymd | null;
  /** The date field holds text that is not a date. */
  readonly dateUnreadable: boolean;
}

export interface SearchFormState {
  readonly tripType: TripType;
  /** One leg for one-way and return trips, two to six for multi-city. */
  readonly legs: readonly FormLeg[];
  readonly returnDate: Ymd | null;
  readonly returnDateUnreadable: boolean;
  readonly passengers: Passengers;
  /** Checked bags per passenger the results price in (`?bags=`, bags.ts). */
  readonly bags: BagCount;
}

export const MIN_MULTI_LEGS = 2;
export const MAX_MULTI_LEGS = MAX_DESTINATIONS;

const EMPTY_LEG: FormLeg = { from: null, to: null, date: null, dateUnreadable: false };

export const INITIAL_FORM: SearchFormState = {
  tripType: 'return',
  legs: [EMPTY_LEG],
  returnDate: null,
  returnDateUnreadable: false,
  passengers: DEFAULT_PASSENGERS,
  bags: 0,
};

/** The route from one airport to another, if it is flown. */
export function routeBetween(
  routes: readonly Route[],
  from: string | null,
  to: string | null,
): Route | undefined {
  if (from === null || to === null) return undefined;
  return routes.find((route) => route.from === from && route.to === to);
}

/** Airports with at least one route from them: the departure airports on offer. */
export function originAirports(network: RouteNetwork): Airport[] {
  const origins = new Set(network.routes.map((route) => route.from));
  return network.airports.filter((airport) => origins.has(airport.id));
}

/** The airports flown to from `from` (none before a departure airport is chosen). */
export function destinationAirports(network: RouteNetwork, from: string | null): Airport[] {
  if (from === null) return [];
  const destinations = new Set(
    network.routes.filter((route) => route.from === from).map((route) => route.to),
  );
  return network.airports.filter((airport) => destinations.has(airport.id));
}

export type PassengerKind = keyof Passengers;

/** The most of each kind the form allows: nine seats (adults and children), infants ≤ adults. */
export function passengerLimits(passengers: Passengers): Passengers {
  return {
    adults: MAX_SEATED_PASSENGERS - passengers.children,
    children: MAX_SEATED_PASSENGERS - passengers.adults,
    infants: passengers.adults,
  };
}

export function passengerMinimum(kind: PassengerKind): number {
  return kind === 'adults' ? 1 : 0;
}

export type FormAction =
  | { readonly type: 'tripType'; readonly tripType: TripType }
  | { readonly type: 'from'; readonly index: number; readonly code: string | null }
  | { readonly type: 'to'; readonly index: number; readonly code: string | null }
  | { readonly type: 'swap' }
  | {
      readonly type: 'date';
      readonly index: number;
      readonly date: Ymd | null;
      readonly unreadable: boolean;
    }
  | { readonly type: 'returnDate'; readonly date: Ymd | null; readonly unreadable: boolean }
  | { readonly type: 'addLeg' }
  | { readonly type: 'removeLeg'; readonly index: number }
  | { readonly type: 'passengers'; readonly kind: PassengerKind; readonly count: number }
  | { readonly type: 'bags'; readonly bags: BagCount }
  | { readonly type: 'reset'; readonly state: SearchFormState };

function replaceLeg(
  legs: readonly FormLeg[],
  index: number,
  change: (leg: FormLeg) => FormLeg,
): FormLeg[] {
  return legs.map((leg, at) => (at === index ? change(leg) : leg));
}

/**
 * The form's transitions. A departure airport that no longer reaches the destination clears the
 * destination; a multi-city leg starts where the previous one ends; passenger counts stay within
 * the rules (at least one adult, infants not above adults, at most nine seats).
 */
export function searchFormReducer(
  state: SearchFormState,
  action: FormAction,
  routes: readonly Route[],
): SearchFormState {
  switch (action.type) {
    case 'tripType': {
      if (action.tripType === state.tripType) return state;
      const [first = EMPTY_LEG, second] = state.legs;
      if (action.tripType === 'multi') {
        const next: FormLeg = second ?? {
          from: first.to,
          to: state.tripType === 'return' ? first.from : null,
          date: state.tripType === 'return' ? state.returnDate : null,
          dateUnreadable: false,
        };
        return { ...state, tripType: 'multi', legs: [first, next, ...state.legs.slice(2)] };
      }
      const returnDate =
        state.tripType === 'multi' && second && second.from === first.to && second.to === first.from
          ? second.date
          : state.returnDate;
      return { ...state, tripType: action.tripType, legs: [first], returnDate };
    }
    case 'from': {
      const legs = replaceLeg(state.legs, action.index, (leg) => ({
        ...leg,
        from: action.code,
        to: routeBetween(routes, action.code, leg.to) ? leg.to : null,
      }));
      return { ...state, legs };
    }
    case 'to': {
      let legs = replaceLeg(state.legs, action.index, (leg) => ({ ...leg, to: action.code }));
      const next = legs[action.index + 1];
      if (state.tripType === 'multi' && next && next.from === null && action.code !== null) {
        legs = replaceLeg(legs, action.index + 1, (leg) => ({ ...leg, from: action.code }));
      }
      return { ...state, legs };
    }
    case 'swap': {
      const [first = EMPTY_LEG] = state.legs;
      const swapped: FormLeg = {
        ...first,
        from: first.to,
        to: routeBetween(routes, first.to, first.from) ? first.from : null,
      };
      return { ...state, legs: [swapped, ...state.legs.slice(1)] };
    }
    case 'date':
      return {
        ...state,
        legs: replaceLeg(state.legs, action.index, (leg) => ({
          ...leg,
          date: action.date,
          dateUnreadable: action.unreadable,
        })),
      };
    case 'returnDate':
      return { ...state, returnDate: action.date, returnDateUnreadable: action.unreadable };
    case 'addLeg': {
      if (state.tripType !== 'multi' || state.legs.length >= MAX_MULTI_LEGS) return state;
      const last = state.legs.at(-1);
      return { ...state, legs: [...state.legs, { ...EMPTY_LEG, from: last?.to ?? null }] };
    }
    case 'removeLeg': {
      if (state.tripType !== 'multi' || state.legs.length <= MIN_MULTI_LEGS) return state;
      return { ...state, legs: state.legs.filter((_, at) => at !== action.index) };
    }
    case 'passengers': {
      const limit = passengerLimits(state.passengers)[action.kind];
      const count = Math.min(Math.max(action.count, passengerMinimum(action.kind)), limit);
      return {
        ...state,
        passengers: correctPassengers({ ...state.passengers, [action.kind]: count }),
      };
    }
    case 'bags':
      return { ...state, bags: action.bags };
    case 'reset':
      return action.state;
  }
}

/** The form filled in from a search (the `#edit` overlay edits the search in place). */
export function formFromSearch(
  view: SearchView,
  destinations: readonly Destination[],
  passengers: Passengers,
  routes: readonly Route[],
  bags: BagCount = 0,
): SearchFormState {
  const legs = destinations.flatMap((destination): FormLeg[] => {
    const route = routes.find((entry) => entry.id === destination.routeId);
    return route
      ? [{ from: route.from, to: route.to, date: destination.date, dateUnreadable: false }]
      : [];
  });
  const [first = EMPTY_LEG, second] = legs;
  const base = { passengers: correctPassengers(passengers), returnDateUnreadable: false, bags };
  if (view === 'multi' || legs.length > 2) {
    const multi = legs.length >= MIN_MULTI_LEGS ? legs : [first, { ...EMPTY_LEG, from: first.to }];
    return { ...base, tripType: 'multi', legs: multi, returnDate: null };
  }
  if (second) return { ...base, tripType: 'return', legs: [first], returnDate: second.date };
  return { ...base, tripType: 'oneWay', legs: [first], returnDate: null };
}

/** A field's problem; the form component writes it out in the UI language. */
export type FieldError =
  | { readonly code: 'chooseFrom' }
  | { readonly code: 'chooseTo' }
  | { readonly code: 'chooseDate' }
  | { readonly code: 'unreadable' }
  | { readonly code: 'routeDate'; readonly error: RouteDateError }
  | { readonly code: 'past' }
  | { readonly code: 'tooFar'; readonly max: Ymd }
  | { readonly code: 'beforePrevious'; readonly date: Ymd }
  | { readonly code: 'noReturnRoute'; readonly fromCity: string; readonly toCity: string };

export interface LegErrors {
  readonly from?: FieldError;
  readonly to?: FieldError;
  readonly date?: FieldError;
}

export interface FormErrors {
  readonly legs: readonly LegErrors[];
  readonly returnDate?: FieldError;
}

/** The problems with a date the field holds: the route date rules, then its range. */
export function dateError(
  route: Route,
  cities: { readonly fromCity: string; readonly toCity: string },
  origin: Pick<Airport, 'timeZone'>,
  date: Ymd,
  notBefore: Ymd | null,
  now: Date,
): FieldError | undefined {
  const schedule = scheduleOf(route);
  const error = validateRouteDate(schedule, cities, date);
  if (error) return { code: 'routeDate', error };
  const range = routeDateRange(schedule, todayAt(origin, now));
  if (!range || date < range.min) return { code: 'past' };
  if (date > range.max) return { code: 'tooFar', max: range.max };
  if (notBefore !== null && date < notBefore) return { code: 'beforePrevious', date: notBefore };
  return undefined;
}

/**
 * Every problem of the form. `complete` false leaves out the empty required fields (shown once
 * the traveller tries to search); a date the field holds is always checked, so a day the route
 * does not fly is said at once. The problems name cities with `cityName` (`useCityName`: in the
 * UI language; English by default).
 */
export function validateSearchForm(
  state: SearchFormState,
  network: RouteNetwork,
  {
    now = new Date(),
    complete = true,
    cityName = (city) => city,
  }: {
    readonly now?: Date;
    readonly complete?: boolean;
    readonly cityName?: CityName;
  } = {},
): FormErrors {
  const airports = new Map(network.airports.map((airport) => [airport.id, airport]));
  const cityOf = (code: string | null) => {
    if (code === null) return '';
    const city = airports.get(code)?.city;
    return city === undefined ? code : cityName(city);
  };
  let previousDate: Ymd | null = null;
  const legs = state.legs.map((leg): LegErrors => {
    const errors: { from?: FieldError; to?: FieldError; date?: FieldError } = {};
    if (leg.from === null) {
      if (complete) errors.from = { code: 'chooseFrom' };
    }
    if (leg.to === null) {
      if (complete) errors.to = { code: 'chooseTo' };
    }
    const route = routeBetween(network.routes, leg.from, leg.to);
    const origin = leg.from === null ? undefined : airports.get(leg.from);
    if (leg.dateUnreadable) errors.date = { code: 'unreadable' };
    else if (leg.date === null) {
      if (complete) errors.date = { code: 'chooseDate' };
    } else if (route && origin) {
      errors.date = dateError(
        route,
        { fromCity: cityOf(leg.from), toCity: cityOf(leg.to) },
        origin,
        leg.date,
        state.tripType === 'multi' ? previousDate : null,
        now,
      );
    }
    if (leg.date !== null) previousDate = leg.date;
    return errors;
  });

  let returnDate: FieldError | undefined;
  if (state.tripType === 'return') {
    const [first] = state.legs;
    const back = first ? routeBetween(network.routes, first.to, first.from) : undefined;
    const origin = first?.to ? airports.get(first.to) : undefined;
    if (first && first.from !== null && first.to !== null && !back) {
      returnDate = {
        code: 'noReturnRoute',
        fromCity: cityOf(first.to),
        toCity: cityOf(first.from),
      };
    } else if (state.returnDateUnreadable) returnDate = { code: 'unreadable' };
    else if (state.returnDate === null) {
      if (complete) returnDate = { code: 'chooseDate' };
    } else if (back && origin && first) {
      returnDate = dateError(
        back,
        { fromCity: cityOf(first.to), toCity: cityOf(first.from) },
        origin,
        state.returnDate,
        first.date,
        now,
      );
    }
  }
  return returnDate ? { legs, returnDate } : { legs };
}

export function hasErrors(errors: FormErrors): boolean {
  return (
    errors.returnDate !== undefined ||
    errors.legs.some(
      (leg) => leg.from !== undefined || leg.to !== undefined || leg.date !== undefined,
    )
  );
}

/**
 * The results page the form searches: `/flights/…` for one-way and return trips, `/multi/…` for
 * multi-city ones; null while the form has errors.
 */
export function searchPathOf(
  state: SearchFormState,
  network: RouteNetwork,
  now = new Date(),
): string | null {
  if (hasErrors(validateSearchForm(state, network, { now }))) return null;
  const destinations: Destination[] = [];
  for (const leg of state.legs) {
    const route = routeBetween(network.routes, leg.from, leg.to);
    if (!route || leg.date === null) return null;
    destinations.push({ routeId: route.id, date: leg.date, flightId: null, fareClass: null });
  }
  const [first] = state.legs;
  if (state.tripType === 'return' && first) {
    const back = routeBetween(network.routes, first.to, first.from);
    if (!back || state.returnDate === null) return null;
    destinations.push({
      routeId: back.id,
      date: state.returnDate,
      flightId: null,
      fareClass: null,
    });
  }
  return buildSearchPath(
    state.tripType === 'multi' ? 'multi' : 'flights',
    state.passengers,
    destinations,
  );
}
