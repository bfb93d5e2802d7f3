import { addDays, isoWeekdayOf, type Ymd } from '@uniquair/domain/dates/ymd';
import { ALL_DAYS_MASK, operatesOnIsoWeekday } from '@uniquair/domain/routes/day-of-week';
import type { SearchFlight, SearchProgress } from '@uniquair/contract/search';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { Route } from '../../src/db/tables/inventory.ts';
import { InventoryRepository } from '../../src/modules/search/search.inventory-repository.ts';
import { inventorySupplier } from '../../src/modules/search/search.inventory-supplier.ts';
import type { Supplier, SupplierQuery } from '../../src/modules/search/search.supplier.ts';
import { TEST_TODAY } from './database.ts';

/**
 * Routes flown only through hubs (no flights of their own, docs/search.md "Connections") with the
 * days the calendar prices between `firstDay` and `lastDay` days after TEST_TODAY.
 */
export function marketDays(db: Kysely<Database>, firstDay: number, lastDay: number) {
  return db
    .selectFrom('routes as r')
    .innerJoin('route_day_prices as d', 'd.route_id', 'r.id')
    .select(['r.id', 'r.from_airport', 'r.to_airport', 'd.date', 'd.min_price_minor'])
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('flights as f').select('f.id').whereRef('f.route_id', '=', 'r.id')),
      ),
    )
    .where('d.date', '>=', addDays(TEST_TODAY, firstDay))
    .where('d.date', '<=', addDays(TEST_TODAY, lastDay));
}

/** A route flown every day from before TEST_TODAY without end, whose reverse is flown likewise. */
export async function dailyRoundTrip(db: Kysely<Database>): Promise<{ out: Route; back: Route }> {
  const routes = await db.selectFrom('routes').selectAll().orderBy('id').execute();
  const open = (route: Route) =>
    route.dow === ALL_DAYS_MASK &&
    route.available_until === null &&
    route.available_from <= TEST_TODAY;
  for (const out of routes) {
    if (!open(out)) continue;
    const back = routes.find(
      (route) => route.from_airport === out.to_airport && route.to_airport === out.from_airport,
    );
    if (back && open(back)) return { out, back };
  }
  throw new Error('The seed has no daily round trip');
}

/** The inventory's flights of a route on a day, in departure order. */
export function flightsOfRouteOn(db: Kysely<Database>, routeId: number, date: Ymd) {
  return db
    .selectFrom('flights')
    .selectAll()
    .where('route_id', '=', routeId)
    .where('departure_date', '=', date)
    .orderBy('departure_utc')
    .execute();
}

/** Sells every seat of a route's flights on a day: of all fare classes, or of those of `letter`. */
export async function sellOutRouteDay(
  db: Kysely<Database>,
  routeId: number,
  date: Ymd,
  letter?: string,
): Promise<void> {
  const flights = db
    .selectFrom('flights')
    .select('id')
    .where('route_id', '=', routeId)
    .where('departure_date', '=', date);
  let update = db
    .updateTable('fare_classes')
    .set({ seats_left: 0 })
    .where('flight_id', 'in', flights);
  if (letter !== undefined) update = update.where('letter', '=', letter);
  await update.execute();
}

/** Daily open routes forming a chain A→B→C→…, for multi-city searches of `legs` legs. */
export async function dailyChain(db: Kysely<Database>, legs: number): Promise<Route[]> {
  const routes = (await db.selectFrom('routes').selectAll().orderBy('id').execute()).filter(
    (route) =>
      route.dow === ALL_DAYS_MASK &&
      route.available_until === null &&
      route.available_from <= TEST_TODAY,
  );
  const from = new Map<string, Route[]>();
  for (const route of routes) {
    const list = from.get(route.from_airport) ?? [];
    list.push(route);
    from.set(route.from_airport, list);
  }
  const extend = (chain: Route[]): Route[] | null => {
    if (chain.length === legs) return chain;
    const last = chain[chain.length - 1] as Route;
    for (const next of from.get(last.to_airport) ?? []) {
      if (chain.some((route) => route.id === next.id)) continue;
      const found = extend([...chain, next]);
      if (found) return found;
    }
    return null;
  };
  for (const first of routes) {
    const chain = extend([first]);
    if (chain) return chain;
  }
  throw new Error(`The seed has no chain of ${legs} daily routes`);
}

/** A route that does not fly every day, with a day in the coming weeks it does not fly. */
export async function nonDailyRoute(
  db: Kysely<Database>,
): Promise<{ route: Route; flies: Ymd; grounded: Ymd }> {
  const routes = await db.selectFrom('routes').selectAll().orderBy('id').execute();
  for (const route of routes) {
    if (route.dow === ALL_DAYS_MASK || route.dow === 0) continue;
    if (route.available_from > TEST_TODAY || route.available_until !== null) continue;
    let flies: Ymd | undefined;
    let grounded: Ymd | undefined;
    for (let day = 3; day < 10; day += 1) {
      const date = addDays(TEST_TODAY, day);
      if (operatesOnIsoWeekday(route.dow, isoWeekdayOf(date))) flies ??= date;
      else grounded ??= date;
    }
    if (flies && grounded) return { route, flies, grounded };
  }
  throw new Error('The seed has no route flying on some days only');
}

/** The database inventory, as the app's default supplier. */
export function inventoryOf(app: FastifyInstance): Supplier {
  return inventorySupplier(new InventoryRepository(app.db));
}

/** Wraps a supplier and counts its calls. */
export function counting(supplier: Supplier): Supplier & { calls: SupplierQuery[] } {
  const calls: SupplierQuery[] = [];
  return {
    name: supplier.name,
    calls,
    search(query, signal) {
      calls.push(query);
      return supplier.search(query, signal);
    },
  };
}

/** A supplier that answers only when released (each call waits for the next release). */
export function gated(
  supplier: Supplier,
  name = 'gated',
): Supplier & {
  release(): void;
  releaseOne(): void;
  waiting(): number;
  calls: number;
  aborted: number;
} {
  let waiters: (() => void)[] = [];
  const gate = {
    name,
    calls: 0,
    aborted: 0,
    release() {
      const now = waiters;
      waiters = [];
      for (const wake of now) wake();
    },
    releaseOne() {
      waiters.shift()?.();
    },
    waiting: () => waiters.length,
    async search(query: SupplierQuery, signal: AbortSignal): Promise<SearchFlight[]> {
      gate.calls += 1;
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        signal.addEventListener(
          'abort',
          () => {
            gate.aborted += 1;
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          },
          { once: true },
        );
      });
      return supplier.search(query, signal);
    },
  };
  return gate;
}

/** A supplier that always fails. */
export function failing(name = 'broken'): Supplier & { calls: number } {
  const supplier = {
    name,
    calls: 0,
    async search(): Promise<SearchFlight[]> {
      supplier.calls += 1;
      throw new Error(`${name} is down`);
    },
  };
  return supplier;
}

/** A supplier answering fixed flights for every leg. */
export function fixed(name: string, flights: SearchFlight[]): Supplier {
  return { name, search: async () => structuredClone(flights) };
}

/**
 * Waits until the condition holds, checking every few milliseconds (fails after `ms`). The limit
 * guards against a hang: 120 streams opening at once took over 5 s in CI, beside other suites.
 */
export async function eventually(condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Reads `event: progress` messages from an SSE response body until it ends. */
export async function readEvents(
  response: Response,
  onEvent?: (event: SearchProgress) => void,
): Promise<{ events: SearchProgress[]; comments: string[]; raw: string }> {
  const body = response.body as ReadableStream<Uint8Array> | null;
  const reader = body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: SearchProgress[] = [];
  const comments: string[] = [];
  let raw = '';
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    raw += text;
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith(':'))) comments.push(block);
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (name === 'progress' && data !== undefined) {
        const event = JSON.parse(data) as SearchProgress;
        events.push(event);
        onEvent?.(event);
      }
      end = buffer.indexOf('\n\n');
    }
  }
  return { events, comments, raw };
}
