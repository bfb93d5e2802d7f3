import type { Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { networkWithRome } from '../../testing/search-fixtures.ts';
import {
  INITIAL_FORM,
  destinationAirports,
  formFromSearch,
  originAirports,
  searchFormReducer,
  searchPathOf,
  validateSearchForm,
  type FormAction,
  type SearchFormState,
} from './search-form-state.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const y = (text: string) => text as Ymd;

// London → Rome flies Mondays only, until March; there is no Rome → London route.
const network = networkWithRome(y('2027-03-31'));

const run = (state: SearchFormState, ...actions: FormAction[]) =>
  actions.reduce((current, action) => searchFormReducer(current, action, network.routes), state);

const filled = run(
  INITIAL_FORM,
  { type: 'from', index: 0, code: 'SOF' },
  { type: 'to', index: 0, code: 'LHR' },
  { type: 'date', index: 0, date: y('2026-12-01'), unreadable: false },
  { type: 'returnDate', date: y('2026-12-08'), unreadable: false },
);

describe('airports on offer', () => {
  it('offers departure airports with routes, and the destinations of the chosen one', () => {
    expect(originAirports(network).map((a) => a.id)).toEqual(['SOF', 'LHR']);
    expect(destinationAirports(network, 'LHR').map((a) => a.id)).toEqual(['SOF', 'FCO']);
    expect(destinationAirports(network, null)).toEqual([]);
  });
});

describe('searchFormReducer', () => {
  it('clears a destination the new departure airport does not fly to', () => {
    const state = run(
      INITIAL_FORM,
      { type: 'from', index: 0, code: 'LHR' },
      { type: 'to', index: 0, code: 'FCO' },
      { type: 'from', index: 0, code: 'SOF' },
    );
    expect(state.legs[0]).toMatchObject({ from: 'SOF', to: null });
  });

  it('swaps the airports when the reverse route exists', () => {
    expect(run(filled, { type: 'swap' }).legs[0]).toMatchObject({ from: 'LHR', to: 'SOF' });
    const rome = run(
      INITIAL_FORM,
      { type: 'from', index: 0, code: 'LHR' },
      { type: 'to', index: 0, code: 'FCO' },
    );
    expect(run(rome, { type: 'swap' }).legs[0]).toMatchObject({ from: 'FCO', to: null });
  });

  it('turns a return trip into two multi-city legs and back', () => {
    const multi = run(filled, { type: 'tripType', tripType: 'multi' });
    expect(multi.legs).toEqual([
      { from: 'SOF', to: 'LHR', date: '2026-12-01', dateUnreadable: false },
      { from: 'LHR', to: 'SOF', date: '2026-12-08', dateUnreadable: false },
    ]);
    const back = run(multi, { type: 'tripType', tripType: 'return' });
    expect(back.legs).toHaveLength(1);
    expect(back.returnDate).toBe('2026-12-08');
  });

  it('adds legs from where the last one ends, up to six, and keeps at least two', () => {
    let state = run(filled, { type: 'tripType', tripType: 'multi' });
    state = run(state, { type: 'addLeg' });
    expect(state.legs[2]).toEqual({ from: 'SOF', to: null, date: null, dateUnreadable: false });
    state = run(
      state,
      { type: 'addLeg' },
      { type: 'addLeg' },
      { type: 'addLeg' },
      { type: 'addLeg' },
    );
    expect(state.legs).toHaveLength(6);
    state = run(
      state,
      ...Array.from({ length: 6 }, () => ({ type: 'removeLeg', index: 0 }) as const),
    );
    expect(state.legs).toHaveLength(2);
  });

  it('fills the next multi-city leg’s departure with the destination', () => {
    const state = run(
      {
        ...INITIAL_FORM,
        tripType: 'multi',
        legs: [INITIAL_FORM.legs[0]!, { from: null, to: null, date: null, dateUnreadable: false }],
      },
      { type: 'from', index: 0, code: 'SOF' },
      { type: 'to', index: 0, code: 'LHR' },
    );
    expect(state.legs[1]?.from).toBe('LHR');
  });

  it('keeps passenger counts within the rules', () => {
    let state = run(INITIAL_FORM, { type: 'passengers', kind: 'adults', count: 0 });
    expect(state.passengers.adults).toBe(1);
    state = run(state, { type: 'passengers', kind: 'infants', count: 3 });
    expect(state.passengers.infants).toBe(1);
    state = run(
      state,
      { type: 'passengers', kind: 'adults', count: 3 },
      { type: 'passengers', kind: 'infants', count: 3 },
    );
    state = run(state, { type: 'passengers', kind: 'adults', count: 2 });
    expect(state.passengers).toEqual({ adults: 2, children: 0, infants: 2 });
    state = run(state, { type: 'passengers', kind: 'children', count: 20 });
    expect(state.passengers.children).toBe(7);
    state = run(state, { type: 'passengers', kind: 'adults', count: 5 });
    expect(state.passengers.adults).toBe(2);
  });
});

describe('validateSearchForm', () => {
  it('asks for every field once the traveller searches, and for none before', () => {
    expect(validateSearchForm(INITIAL_FORM, network, { now: NOW })).toEqual({
      legs: [
        { from: { code: 'chooseFrom' }, to: { code: 'chooseTo' }, date: { code: 'chooseDate' } },
      ],
      returnDate: { code: 'chooseDate' },
    });
    expect(validateSearchForm(INITIAL_FORM, network, { now: NOW, complete: false })).toEqual({
      legs: [{}],
    });
  });

  it('says at once when a typed date is not one the route flies (SPEC §5)', () => {
    const tuesday = run(
      INITIAL_FORM,
      { type: 'tripType', tripType: 'oneWay' },
      { type: 'from', index: 0, code: 'LHR' },
      { type: 'to', index: 0, code: 'FCO' },
      { type: 'date', index: 0, date: y('2026-12-01'), unreadable: false },
    );
    expect(
      validateSearchForm(tuesday, network, { now: NOW, complete: false }).legs[0]?.date,
    ).toMatchObject({
      code: 'routeDate',
      error: {
        code: 'ROUTE_DATE_DAY_NOT_OPERATED',
        params: { fromCity: 'London', toCity: 'Rome' },
      },
    });
    const late = run(tuesday, { type: 'date', index: 0, date: y('2027-04-05'), unreadable: false });
    expect(validateSearchForm(late, network, { now: NOW }).legs[0]?.date).toMatchObject({
      error: { code: 'ROUTE_DATE_AFTER_AVAILABILITY' },
    });
    const past = run(tuesday, { type: 'date', index: 0, date: y('2026-11-16'), unreadable: false });
    expect(validateSearchForm(past, network, { now: NOW }).legs[0]?.date).toEqual({ code: 'past' });
    const unreadable = run(tuesday, { type: 'date', index: 0, date: null, unreadable: true });
    expect(validateSearchForm(unreadable, network, { now: NOW }).legs[0]?.date).toEqual({
      code: 'unreadable',
    });
  });

  it('needs a return route and a return on or after the outbound day', () => {
    const rome = run(
      INITIAL_FORM,
      { type: 'from', index: 0, code: 'LHR' },
      { type: 'to', index: 0, code: 'FCO' },
    );
    expect(validateSearchForm(rome, network, { now: NOW, complete: false }).returnDate).toEqual({
      code: 'noReturnRoute',
      fromCity: 'Rome',
      toCity: 'London',
    });
    const german = new Map([['Rome', 'Rom']]);
    expect(
      validateSearchForm(rome, network, {
        now: NOW,
        complete: false,
        cityName: (city) => german.get(city) ?? city,
      }).returnDate,
    ).toEqual({ code: 'noReturnRoute', fromCity: 'Rom', toCity: 'London' });
    const early = run(filled, { type: 'returnDate', date: y('2026-11-30'), unreadable: false });
    expect(validateSearchForm(early, network, { now: NOW }).returnDate).toEqual({
      code: 'beforePrevious',
      date: '2026-12-01',
    });
  });
});

describe('searchPathOf', () => {
  it('builds the results path through the domain codec', () => {
    expect(searchPathOf(filled, network, NOW)).toBe(
      '/flights/1/0/0/12.2026-12-01._/13.2026-12-08._',
    );
    expect(searchPathOf(run(filled, { type: 'tripType', tripType: 'oneWay' }), network, NOW)).toBe(
      '/flights/1/0/0/12.2026-12-01._',
    );
    const multi = run(
      filled,
      { type: 'tripType', tripType: 'multi' },
      { type: 'passengers', kind: 'children', count: 2 },
    );
    expect(searchPathOf(multi, network, NOW)).toBe('/multi/1/2/0/12.2026-12-01._/13.2026-12-08._');
    expect(searchPathOf(INITIAL_FORM, network, NOW)).toBeNull();
  });

  it('fills the form back from a search', () => {
    const destinations = [
      { routeId: 12, date: y('2026-12-01'), flightId: '10', fareClass: 'Q' },
      { routeId: 13, date: y('2026-12-08'), flightId: null, fareClass: null },
    ];
    const state = formFromSearch(
      'flights',
      destinations,
      { adults: 2, children: 0, infants: 1 },
      network.routes,
    );
    expect(state).toMatchObject({
      tripType: 'return',
      legs: [{ from: 'SOF', to: 'LHR', date: '2026-12-01' }],
      returnDate: '2026-12-08',
      passengers: { adults: 2, children: 0, infants: 1 },
    });
    expect(
      formFromSearch('multi', destinations, { adults: 1, children: 0, infants: 0 }, network.routes)
        .legs,
    ).toHaveLength(2);
    expect(
      formFromSearch(
        'flights',
        destinations.slice(0, 1),
        { adults: 1, children: 0, infants: 0 },
        network.routes,
      ).tripType,
    ).toBe('oneWay');
  });
});
