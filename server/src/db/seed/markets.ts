import type { Ymd } from '@uniquair/domain/dates/ymd';
import { greatCircleKm } from '@uniquair/domain/geo/distance';
import {
  MAX_DETOUR_FACTOR,
  minimumConnectionMinutes,
  pathDayMask,
} from '@uniquair/domain/search/connections';
import type { SeedAirport } from './airports.ts';
import type { SeedRoute } from './network.ts';

/** One-stop paths kept per route, least detour first. */
const ONE_STOP_PATHS = 4;
/** Two-stop paths kept per route: searched only on days nothing shorter flies. */
const TWO_STOP_PATHS = 2;

/** A way to fly a route through hubs, as `route_paths` stores it. */
export interface SeedPath {
  routeId: number;
  routes: readonly number[];
  connectionMinutes: readonly number[];
  detour: number;
}

export interface Markets {
  /** The network's routes, flying on the days of their own flights and of their connections. */
  served: SeedRoute[];
  /** Routes flown only through hubs, numbered after the network's own. */
  routes: SeedRoute[];
  /** The paths of every route, served or not. */
  paths: SeedPath[];
}

interface Candidate {
  routes: SeedRoute[];
  detour: number;
}

/**
 * The connections of the network (docs/search.md "Connections"): for every pair of airports
 * linked through one hub (two routes meeting at a hub, flying at most `MAX_DETOUR_FACTOR` times
 * the direct distance), the one-stop paths, and for the pairs that have a route then, up to two
 * paths through two hubs. A pair with no route of its own becomes a market: a route whose days
 * are those some path can start on, whose window spans its paths' windows, and with no flights.
 * Every route is flown on its own days and on those its paths can start on.
 */
export function buildMarkets(
  network: readonly SeedRoute[],
  airports: readonly SeedAirport[],
): Markets {
  const byCode = new Map(airports.map((airport) => [airport.code, airport]));
  const airport = (code: string) => byCode.get(code) as SeedAirport;
  const onward = new Map<string, SeedRoute[]>();
  for (const route of network) {
    if (!airport(route.to).hub) continue;
    const list = onward.get(route.from) ?? [];
    list.push(route);
    onward.set(route.from, list);
  }
  const fromHub = new Map<string, SeedRoute[]>();
  for (const route of network) {
    const list = fromHub.get(route.from) ?? [];
    list.push(route);
    fromHub.set(route.from, list);
  }
  const detourOf = (chain: readonly SeedRoute[]): number => {
    const first = chain[0] as SeedRoute;
    const last = chain.at(-1) as SeedRoute;
    const direct = greatCircleKm(airport(first.from), airport(last.to));
    // A route's through flights fly further than its ends are apart: the longest service counts.
    const flown = chain.reduce(
      (sum, route) =>
        sum +
        Math.max(
          greatCircleKm(airport(route.from), airport(route.to)),
          ...route.services.map((service) => service.flownKm),
        ),
      0,
    );
    return flown / direct;
  };

  // One stop: A→H then H→B, for every hub H reached from A.
  const oneStop = new Map<string, Candidate[]>();
  for (const first of network) {
    if (!airport(first.to).hub) continue;
    for (const second of fromHub.get(first.to) ?? []) {
      if (second.to === first.from) continue;
      const chain = [first, second];
      const detour = detourOf(chain);
      if (detour > MAX_DETOUR_FACTOR || !overlaps(chain) || pathDayMask(masks(chain)) === 0) {
        continue;
      }
      const key = `${first.from}-${second.to}`;
      oneStop.set(key, [...(oneStop.get(key) ?? []), { routes: chain, detour }]);
    }
  }

  const known = new Map(network.map((route) => [`${route.from}-${route.to}`, route]));
  const routes: SeedRoute[] = [];
  let nextId = Math.max(0, ...network.map((route) => route.id)) + 1;
  for (const [key, candidates] of [...oneStop].sort(([a], [b]) => a.localeCompare(b))) {
    if (known.has(key)) continue;
    const [from, to] = key.split('-') as [string, string];
    const market = marketRoute(nextId++, from, to, candidates, airport);
    known.set(key, market);
    routes.push(market);
  }

  const paths: SeedPath[] = [];
  /** Days each route can be flown, its own and those its paths can start on. */
  const days = new Map<number, number>();
  for (const route of [...network, ...routes]) {
    const key = `${route.from}-${route.to}`;
    const ones = [...(oneStop.get(key) ?? [])].sort(byDetour).slice(0, ONE_STOP_PATHS);
    const twos = twoStopCandidates(route, onward, fromHub, detourOf)
      .sort(byDetour)
      .slice(0, TWO_STOP_PATHS);
    let mask = route.dow;
    for (const candidate of [...ones, ...twos]) {
      mask |= pathDayMask(masks(candidate.routes));
      paths.push({
        routeId: route.id,
        routes: candidate.routes.map((leg) => leg.id),
        connectionMinutes: candidate.routes.slice(1).map((leg, index) => {
          const before = candidate.routes[index] as SeedRoute;
          const countries = new Set(
            [before.from, leg.from, leg.to].map((code) => airport(code).countryCode),
          );
          return minimumConnectionMinutes(leg.from, countries.size === 1);
        }),
        detour: Math.round(candidate.detour * 1000) / 1000,
      });
    }
    days.set(route.id, mask);
  }
  const withDays = (route: SeedRoute): SeedRoute => ({
    ...route,
    dow: days.get(route.id) ?? route.dow,
  });
  return { served: network.map(withDays), routes: routes.map(withDays), paths };
}

function byDetour(a: Candidate, b: Candidate): number {
  return a.detour - b.detour || (a.routes[1]?.from ?? '').localeCompare(b.routes[1]?.from ?? '');
}

/** A→H1→H2→B through two hubs, no airport twice. */
function twoStopCandidates(
  route: SeedRoute,
  onward: ReadonlyMap<string, SeedRoute[]>,
  fromHub: ReadonlyMap<string, SeedRoute[]>,
  detourOf: (chain: readonly SeedRoute[]) => number,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const first of onward.get(route.from) ?? []) {
    if (first.to === route.to) continue;
    for (const second of onward.get(first.to) ?? []) {
      if (second.to === route.from || second.to === route.to) continue;
      const third = (fromHub.get(second.to) ?? []).find((leg) => leg.to === route.to);
      if (!third) continue;
      const chain = [first, second, third];
      const detour = detourOf(chain);
      if (detour > MAX_DETOUR_FACTOR || !overlaps(chain) || pathDayMask(masks(chain)) === 0) {
        continue;
      }
      candidates.push({ routes: chain, detour });
    }
  }
  return candidates;
}

function masks(chain: readonly SeedRoute[]): number[] {
  return chain.map((route) => route.dow);
}

/** The window in which every route of the chain flies (null `until`: open-ended). */
function windowOf(chain: readonly SeedRoute[]): { from: Ymd; until: Ymd | null } {
  const from = chain.map((route) => route.availableFrom).reduce((a, b) => (b > a ? b : a));
  const ends = chain.map((route) => route.availableUntil).filter((end) => end !== null);
  const until = ends.length === 0 ? null : ends.reduce((a, b) => (b < a ? b : a));
  return { from, until };
}

function overlaps(chain: readonly SeedRoute[]): boolean {
  const { from, until } = windowOf(chain);
  return until === null || until >= from;
}

function marketRoute(
  id: number,
  from: string,
  to: string,
  candidates: readonly Candidate[],
  airport: (code: string) => SeedAirport,
): SeedRoute {
  const windows = candidates.map((candidate) => windowOf(candidate.routes));
  const availableFrom = windows.map((w) => w.from).reduce((a, b) => (b < a ? b : a));
  const availableUntil = windows.some((w) => w.until === null)
    ? null
    : windows.map((w) => w.until as Ymd).reduce((a, b) => (b > a ? b : a));
  return {
    id,
    from,
    to,
    dow: candidates.reduce((mask, candidate) => mask | pathDayMask(masks(candidate.routes)), 0),
    availableFrom,
    availableUntil,
    rating: 1,
    distanceKm: Math.round(greatCircleKm(airport(from), airport(to))),
    services: [],
  };
}
