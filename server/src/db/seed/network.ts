import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { ALL_DAYS_MASK, DAY_NAMES, maskOf } from '@uniquair/domain/routes/day-of-week';
import type { SeedAirport } from './airports.ts';
import { greatCircleKm } from '@uniquair/domain/geo/distance';
import { flightMinutes } from './geo.ts';
import type { Random } from './random.ts';
import {
  BANK_REFERENCE_MS,
  BANKED_MAX_KM,
  bankedDeparture,
  type Slot,
  type UtcOffset,
} from './banks.ts';
import { ZoneClock } from './time-zones.ts';
import { isTrunkPair } from './trunks.ts';

/** The airlines flying the demo network: one per region, and Uniquair between regions. */
export const CARRIERS = [
  { code: 'UQ', name: 'Uniquair' },
  { code: 'EV', name: 'Eurovela' },
  { code: 'OP', name: 'Orchid Pacific' },
  { code: 'QA', name: 'Quetzal Airways' },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]['code'];

/** One leg of a scheduled service. */
export interface ServiceLeg {
  from: string;
  to: string;
  flightNumber: string;
  minutes: number;
}

/** A flight that runs on every operated day of a route at the same local time. */
export interface Service {
  carrier: CarrierCode;
  legs: readonly ServiceLeg[];
  /** Local departure time at the origin, minutes after midnight. */
  departureMinutes: number;
  /** Time on the ground at the stop of a one-stop service (0 for a direct one). */
  connectionMinutes: number;
  capacity: number;
  /** Price of the cheapest economy class before demand, in USD cents. */
  baseFareMinor: number;
  /** Great-circle distance flown, the sum of the legs. */
  flownKm: number;
}

export interface SeedRoute {
  id: number;
  from: string;
  to: string;
  dow: number;
  availableFrom: Ymd;
  availableUntil: Ymd | null;
  rating: number;
  distanceKm: number;
  services: readonly Service[];
}

/** Airport pairs served; each becomes two routes, one per direction. */
const TARGET_PAIRS = 190;
/** Closer airports (Seoul Incheon–Gimpo) are not connected by air. */
const MIN_LEG_KM = 250;
/** Longest non-stop flight the demo airlines operate. */
const MAX_NONSTOP_KM = 15_500;
/** Longest leg of a one-stop journey, and longest one-stop journey. */
const MAX_CONNECTING_LEG_KM = 11_500;
const MAX_CONNECTING_KM = 13_500;

const DAY_MINUTES = 24 * 60;

interface Pair {
  a: SeedAirport;
  b: SeedAirport;
  km: number;
  /** Whether the demo airlines would fly it non-stop. */
  nonstop: boolean;
  /** Sensible connection hubs, least detour first. */
  via: { hub: SeedAirport; ratio: number }[];
}

/** Each airport is served by at least this many pairs. */
const MIN_PAIRS_PER_AIRPORT = 2;

/**
 * Builds the route network: a weighted random choice of airport pairs (hub to hub most likely,
 * short regional hops next, long thin routes rarely), each flown in both directions with the
 * same day-of-week mask and availability window, one to three services a day, some direct and
 * some with one stop at a hub on the way.
 */
export function buildNetwork(
  airports: readonly SeedAirport[],
  random: Random,
  today: Ymd,
): SeedRoute[] {
  const byCode = new Map(airports.map((airport) => [airport.code, airport]));
  const hubs = airports.filter((airport) => airport.hub);
  const offsets = new Map(
    airports.map((airport) => [
      airport.code,
      new ZoneClock(airport.timeZone).offsetMinutes(BANK_REFERENCE_MS),
    ]),
  );
  const offset: UtcOffset = (airport) => offsets.get(airport.code) ?? 0;
  const pairs = choosePairs(airports, hubs, random.derive('pairs'));
  const numbers = new Map<CarrierCode, number>(CARRIERS.map((carrier) => [carrier.code, 100]));
  const allocate = (carrier: CarrierCode, count: number): number => {
    const first = numbers.get(carrier) ?? 100;
    numbers.set(carrier, first + count);
    return first;
  };

  const routes: SeedRoute[] = [];
  const windows = { future: 0, ending: 0 };
  for (const pair of pairs) {
    const rnd = random.derive(`pair:${pair.a.code}-${pair.b.code}`);
    const { a, b, km, nonstop, via } = pair;
    const hubCount = Number(a.hub) + Number(b.hub);
    const trunk = nonstop && isTrunkPair(a.code, b.code);

    const rating = trunk
      ? 5
      : !nonstop
        ? rnd.int(1, 2)
        : hubCount === 2
          ? rnd.int(4, 5)
          : hubCount === 1
            ? rnd.int(3, 4)
            : rnd.int(1, 3);
    const dow = trunk ? ALL_DAYS_MASK : maskFor(rating, rnd);
    const window: Window = trunk
      ? { kind: 'open', from: addDays(today, -rnd.int(365, 1_500)), until: null }
      : availabilityWindow(today, rnd);
    if (window.kind === 'future') windows.future++;
    if (window.kind === 'ending') windows.ending++;
    const priceFactor = rnd.between(0.85, 1.2);
    const carrier: CarrierCode = nonstop ? carrierFor(a, b) : 'UQ';

    /** Stops of the services, `null` for direct; the same in both directions. */
    const plan: (SeedAirport | null)[] = [];
    if (nonstop) {
      plan.push(null);
      if (trunk || (rating >= 4 && km < 4_500 && rnd.chance(0.65))) plan.push(null);
      // The busiest short routes: morning, midday and evening.
      if (rating === 5 && km < 2_500 && plan.length === 2 && rnd.chance(0.5)) plan.push(null);
      const best = via[0];
      if (best && best.ratio <= 1.35 && rnd.chance(0.2)) plan.push(best.hub);
    } else {
      plan.push(via[0]?.hub ?? null);
      const second = via[1];
      if (second && second.ratio <= 1.4 && rnd.chance(0.35)) plan.push(second.hub);
    }

    const outbound: Service[] = [];
    const inbound: Service[] = [];
    const slots: readonly Slot[] =
      plan.length === 1
        ? ['any']
        : plan.length === 2
          ? ['morning', 'evening']
          : ['morning', 'midday', 'evening'];
    plan.forEach((stop, index) => {
      const slot = slots[index] ?? 'any';
      const serviceCarrier: CarrierCode = stop ? 'UQ' : carrier;
      const first = allocate(serviceCarrier, stop ? 4 : 2);
      const build = (from: SeedAirport, to: SeedAirport, numberOffset: number): Service =>
        makeService(
          rnd,
          serviceCarrier,
          from,
          to,
          stop,
          first + numberOffset,
          slot,
          priceFactor,
          offset,
        );
      outbound.push(build(a, b, 0));
      inbound.push(build(b, a, 1));
    });

    const common = {
      dow,
      availableFrom: window.from,
      availableUntil: window.until,
      distanceKm: Math.round(km),
    };
    routes.push(
      { id: 0, from: a.code, to: b.code, rating, services: outbound, ...common },
      { id: 0, from: b.code, to: a.code, rating, services: inbound, ...common },
    );
  }

  ensureWindowVariety(routes, today, windows);
  routes.forEach((route, index) => (route.id = index + 1));
  for (const route of routes) {
    if (!byCode.has(route.from) || !byCode.has(route.to)) {
      throw new Error(`Route ${route.from}-${route.to} uses an unknown airport`);
    }
  }
  return routes;
}

function choosePairs(
  airports: readonly SeedAirport[],
  hubs: readonly SeedAirport[],
  random: Random,
): Pair[] {
  const candidates: { pair: Pair; key: number; index: number }[] = [];
  for (let i = 0; i < airports.length; i++) {
    for (let j = i + 1; j < airports.length; j++) {
      const a = airports[i] as SeedAirport;
      const b = airports[j] as SeedAirport;
      const km = greatCircleKm(a, b);
      // Weighted sampling without replacement: the smallest keys win (Efraimidis–Spirakis).
      const key = -Math.log(1 - random.next()) / pairWeight(a, b, km);
      if (km < MIN_LEG_KM) continue;
      const hubCount = Number(a.hub) + Number(b.hub);
      const nonstop =
        km <= MAX_NONSTOP_KM && (hubCount === 2 || km <= 3_000 || (hubCount === 1 && km <= 9_000));
      const via = km <= MAX_CONNECTING_KM ? connectionHubs(a, b, km, hubs) : [];
      if (!nonstop && via.length === 0) continue;
      candidates.push({ pair: { a, b, km, nonstop, via }, key, index: candidates.length });
    }
  }
  const chosen = new Set(
    [...candidates]
      .sort((x, y) => x.key - y.key)
      .slice(0, TARGET_PAIRS)
      .map((c) => c.index),
  );
  for (const candidate of candidates) {
    if (candidate.pair.nonstop && isTrunkPair(candidate.pair.a.code, candidate.pair.b.code)) {
      chosen.add(candidate.index);
    }
  }
  // Every airport gets at least a couple of routes: to its nearest hubs.
  for (const airport of airports) {
    const own = candidates.filter((c) => c.pair.a === airport || c.pair.b === airport);
    const missing = MIN_PAIRS_PER_AIRPORT - own.filter((c) => chosen.has(c.index)).length;
    if (missing <= 0) continue;
    own
      .filter((c) => !chosen.has(c.index) && (c.pair.a.hub || c.pair.b.hub) && c.pair.nonstop)
      .sort((x, y) => x.pair.km - y.pair.km)
      .slice(0, missing)
      .forEach((c) => chosen.add(c.index));
  }
  return candidates.filter((c) => chosen.has(c.index)).map((c) => c.pair);
}

function pairWeight(a: SeedAirport, b: SeedAirport, km: number): number {
  const hubs = Number(a.hub) + Number(b.hub);
  let weight: number;
  if (hubs === 2) weight = km < 4_500 ? 1 : km <= MAX_NONSTOP_KM ? 0.7 : 0.2;
  else if (hubs === 1) weight = km < 2_500 ? 0.55 : km < 4_500 ? 0.22 : 0.06;
  else weight = km < 1_200 ? 0.4 : km < 2_500 ? 0.15 : km < 4_500 ? 0.03 : 0.02;
  return a.countryCode === b.countryCode ? weight * 1.6 : weight;
}

/** Hubs that make a sensible stop between the pair, least detour first. */
function connectionHubs(
  a: SeedAirport,
  b: SeedAirport,
  km: number,
  hubs: readonly SeedAirport[],
): { hub: SeedAirport; ratio: number }[] {
  return hubs
    .filter((hub) => hub !== a && hub !== b)
    .map((hub) => {
      const first = greatCircleKm(a, hub);
      const second = greatCircleKm(hub, b);
      return { hub, first, second, ratio: (first + second) / km };
    })
    .filter(
      (c) =>
        c.first >= MIN_LEG_KM &&
        c.second >= MIN_LEG_KM &&
        c.first <= MAX_CONNECTING_LEG_KM &&
        c.second <= MAX_CONNECTING_LEG_KM &&
        c.ratio <= 1.5,
    )
    .sort((x, y) => x.ratio - y.ratio || x.hub.code.localeCompare(y.hub.code))
    .map(({ hub, ratio }) => ({ hub, ratio }));
}

function region(airport: SeedAirport): 'europe' | 'asia' | 'americas' {
  if (airport.continent.includes('America')) return 'americas';
  return airport.continent === 'Europe' || airport.code === 'IST' ? 'europe' : 'asia';
}

function carrierFor(a: SeedAirport, b: SeedAirport): CarrierCode {
  const from = region(a);
  if (from !== region(b)) return 'UQ';
  return from === 'europe' ? 'EV' : from === 'asia' ? 'OP' : 'QA';
}

/** Busier routes fly on more days; quiet ones two or three times a week or weekly. */
function maskFor(rating: number, random: Random): number {
  const r = random.next();
  let days: number;
  if (rating >= 5) days = r < 0.85 ? 7 : 6;
  else if (rating === 4) days = r < 0.6 ? 7 : random.int(5, 6);
  else if (rating === 3) days = r < 0.35 ? 7 : r < 0.85 ? random.int(3, 6) : 2;
  else if (rating === 2) days = r < 0.15 ? 7 : r < 0.6 ? random.int(3, 5) : r < 0.85 ? 2 : 1;
  else days = r < 0.4 ? random.int(3, 4) : r < 0.7 ? 2 : 1;
  if (days === 7) return ALL_DAYS_MASK;
  return maskOf(random.shuffle(DAY_NAMES).slice(0, days));
}

type Window = { kind: 'open' | 'future' | 'ending'; from: Ymd; until: Ymd | null };

/**
 * Most routes have flown for a while and keep flying; some open later (available from a future
 * date), some close within the year (seasonal), a few both. Dates are relative to `today`, so a
 * re-seed moves them forward.
 */
function availabilityWindow(today: Ymd, random: Random): Window {
  const r = random.next();
  if (r < 0.07) return { kind: 'future', from: addDays(today, random.int(10, 150)), until: null };
  if (r < 0.14) {
    return {
      kind: 'ending',
      from: addDays(today, -random.int(60, 700)),
      until: addDays(today, random.int(20, 300)),
    };
  }
  if (r < 0.17) {
    const from = addDays(today, random.int(20, 120));
    return { kind: 'future', from, until: addDays(from, random.int(90, 200)) };
  }
  return { kind: 'open', from: addDays(today, -random.int(30, 1_500)), until: null };
}

/** Guarantees at least one future-start and one ending route pair, whatever the seed. */
function ensureWindowVariety(
  routes: SeedRoute[],
  today: Ymd,
  windows: { future: number; ending: number },
): void {
  const open = routes.filter(
    (route) =>
      route.availableUntil === null &&
      route.availableFrom <= today &&
      !isTrunkPair(route.from, route.to),
  );
  if (windows.future === 0 && open.length >= 2) {
    for (const route of routes.filter((r) => isSamePair(r, open[0] as SeedRoute))) {
      route.availableFrom = addDays(today, 45);
    }
  }
  if (windows.ending === 0 && open.length >= 4) {
    for (const route of routes.filter((r) => isSamePair(r, open[open.length - 1] as SeedRoute))) {
      route.availableUntil = addDays(today, 120);
    }
  }
}

function isSamePair(x: SeedRoute, y: SeedRoute): boolean {
  return (x.from === y.from && x.to === y.to) || (x.from === y.to && x.to === y.from);
}

function makeService(
  random: Random,
  carrier: CarrierCode,
  from: SeedAirport,
  to: SeedAirport,
  stop: SeedAirport | null,
  firstNumber: number,
  slot: Slot,
  priceFactor: number,
  offset: UtcOffset,
): Service {
  const stops = stop ? [from, stop, to] : [from, to];
  const legs: ServiceLeg[] = [];
  let flownKm = 0;
  for (let i = 0; i + 1 < stops.length; i++) {
    const legFrom = stops[i] as SeedAirport;
    const legTo = stops[i + 1] as SeedAirport;
    const km = greatCircleKm(legFrom, legTo);
    flownKm += km;
    legs.push({
      from: legFrom.code,
      to: legTo.code,
      flightNumber: `${carrier}${firstNumber + 2 * i}`,
      minutes: flightMinutes(km),
    });
  }
  const longestLeg = Math.max(...legs.map((leg) => leg.minutes));
  const capacity =
    longestLeg < 150
      ? random.pick([150, 174, 186])
      : longestLeg < 360
        ? random.pick([186, 220, 240])
        : random.pick([275, 300, 340]);
  const oneStopDiscount = stop ? 0.85 : 1;
  return {
    carrier,
    legs,
    departureMinutes:
      (stop === null && flownKm < BANKED_MAX_KM
        ? bankedDeparture(random, from, to, legs[0]?.minutes ?? 0, slot, offset)
        : null) ?? departureMinutes(random, from, to, flownKm, slot),
    connectionMinutes: stop ? random.step(55, 170, 5) : 0,
    capacity,
    baseFareMinor: Math.round((29 + 0.072 * flownKm) * priceFactor * oneStopDiscount * 100),
    flownKm,
  };
}

/** Local departure times an airline would choose, on a five-minute grid. */
function departureMinutes(
  random: Random,
  from: SeedAirport,
  to: SeedAirport,
  km: number,
  slot: Slot,
): number {
  const at = (h1: number, m1: number, h2: number, m2: number) =>
    random.step(h1 * 60 + m1, h2 * 60 + m2, 5) % DAY_MINUTES;
  if (slot === 'morning') return at(6, 0, 11, 30);
  if (slot === 'midday') return at(11, 30, 15, 0);
  if (slot === 'evening') return at(15, 0, 21, 30);
  if (km < 4_500) return at(6, 0, 21, 30);
  // Overnight eastbound across the Atlantic and Pacific; late-night or midday out of Asia.
  if (region(from) === 'americas' && region(to) !== 'americas') return at(16, 30, 22, 30);
  if (region(from) === 'asia' && region(to) === 'europe') {
    return random.chance(0.5) ? at(0, 30, 2, 30) : at(8, 30, 14, 0);
  }
  return at(8, 0, 23, 0);
}
