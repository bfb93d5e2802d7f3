/**
 * The inventory that rolls forward (docs/database.md "Rolling the inventory forward";
 * docs/decisions/008-inventory-rolls-forward.md): the days that enter the year on sale get their
 * flights from the seed's own generator, and flights that departed days ago go to the archive.
 * Run by the inventory module (at start-up, then hourly by default) and `npm run inventory:roll`.
 */
import { addDays, maxYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { bumpDatasetVersion } from './dataset-versions.ts';
import { ARCHIVE_AFTER_DAYS, archiveFlights, type ArchiveSummary } from './inventory-archive.ts';
import { PRICE_SUMMARY_VERSION } from './route-day-prices-all-in.ts';
import {
  priceSummaryEvents,
  rebuildRouteDayPrices,
  type PriceSummaryScope,
} from './route-day-prices.ts';
import { loadAirports, type SeedAirport } from './seed/airports.ts';
import { createBulkWriter } from './seed/bulk-insert.ts';
import {
  FARE_ROW_COLUMNS,
  flightSchedule,
  generateFlights,
  inventoryDays,
  SEGMENT_ROW_COLUMNS,
  type DayRange,
  type FlightSchedule,
  type SeededFlight,
} from './seed/flights.ts';

/** The data set whose version moves forward when a roll changes the inventory. */
export const INVENTORY_DATASET = 'inventory';

/** Flights inserted per statement. */
const FLIGHTS_PER_INSERT = 500;

export interface InventoryRollOptions {
  /** The first day on sale (UTC); the inventory is filled through `INVENTORY_DAYS` from it. */
  today: Ymd;
  /** Flights that departed this many days before `today` are archived. */
  archiveAfterDays?: number;
  /** The clock of `updated_at` and `archived_at` columns. */
  now?: () => Date;
}

export interface InventoryRollSummary {
  today: Ymd;
  /** The last day on sale after the roll; null when the database holds no seeded inventory. */
  lastDay: Ymd | null;
  /** The days added, in order. */
  days: Ymd[];
  flights: number;
  segments: number;
  fareClasses: number;
  /** Price-summary rows written for the new days and the days before each connections start on. */
  priceRows: number;
  /** The flown flights archived; null when their days were archived already. */
  archived: ArchiveSummary | null;
  /** Another process was adding the same days: this one left them to it. */
  busy: boolean;
  /**
   * Rows of the price summary rebuilt whole because it was built in an older shape
   * (`PRICE_SUMMARY_VERSION`); null when it was current.
   */
  priceSummaryRebuilt: number | null;
  durationMs: number;
}

/** Where the rolling inventory stands (`inventory_state`), or undefined before any seed. */
export async function readInventoryState(db: Kysely<Database>) {
  return db
    .selectFrom('inventory_state')
    .select(['seed', 'last_day', 'archived_before', 'price_summary_version'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/**
 * Rebuilds the whole price summary in the current shape, once: the process that moves
 * `price_summary_version` forward does it in the same transaction, others find it moved (null).
 */
async function rebuildOlderSummary(db: Kysely<Database>): Promise<number | null> {
  const rebuilt = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('inventory_state')
      .set({ price_summary_version: PRICE_SUMMARY_VERSION })
      .where('id', '=', 1)
      .where('price_summary_version', '<', PRICE_SUMMARY_VERSION)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    return rebuildRouteDayPrices(trx);
  });
  if (rebuilt === null) return null;
  // Listeners read the summary on other connections: told once it has committed.
  priceSummaryEvents.emit('refreshed', rebuilt.scope);
  return rebuilt.rows;
}

/**
 * Records the seed and the days of a freshly seeded inventory (the seed's transaction): nothing
 * departs before its first day, so there is nothing to archive before it.
 */
export async function writeInventoryState(
  db: Kysely<Database>,
  state: { seed: number; days: DayRange },
  now: Date,
): Promise<void> {
  const row = {
    seed: state.seed,
    last_day: state.days.last,
    archived_before: state.days.first,
    // The seed builds the summary whole, in the current shape.
    price_summary_version: PRICE_SUMMARY_VERSION,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('inventory_state')
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}

/**
 * Rolls the inventory forward to `today`: every day from the last one generated (or today) to
 * `INVENTORY_DAYS` from today gets the flights, legs and fare classes seeding would have given it
 * with this `today`, and the price summary of it and of the days before it that connections
 * reaching into it start on; then the flights that departed `archiveAfterDays` before today, since the last
 * archiving (`inventory_state.archived_before`), and that no booking refers to are archived. Each
 * day is claimed and written in one transaction, so a second roll, or one running at the same time
 * in another process, adds nothing; a stopped one resumes where it stopped. Moves the `inventory`
 * data-set version forward when anything changed (`prices` moves with each refresh of the summary).
 */
export async function rollInventory(
  db: Kysely<Database>,
  options: InventoryRollOptions,
): Promise<InventoryRollSummary> {
  const started = performance.now();
  const { today } = options;
  const now = options.now ?? (() => new Date());
  const summary: InventoryRollSummary = {
    today,
    lastDay: null,
    days: [],
    flights: 0,
    segments: 0,
    fareClasses: 0,
    priceRows: 0,
    archived: null,
    busy: false,
    priceSummaryRebuilt: null,
    durationMs: 0,
  };
  const state = await readInventoryState(db);
  if (state !== undefined) {
    if (state.price_summary_version < PRICE_SUMMARY_VERSION) {
      summary.priceSummaryRebuilt = await rebuildOlderSummary(db);
    }
    summary.lastDay = state.last_day;
    const wanted = inventoryDays(today);
    const first = maxYmd(addDays(state.last_day, 1), wanted.first);
    if (first <= wanted.last) {
      const schedule = await rollSchedule(db, state.seed, today);
      for (let day = first; day <= wanted.last; day = addDays(day, 1)) {
        const added = await db
          .transaction()
          .execute((trx) => addDay(trx, { ...schedule, today, day, now: now() }));
        if (added === null) {
          summary.busy = true;
          break;
        }
        priceSummaryEvents.emit('refreshed', added.priceScope);
        summary.days.push(day);
        summary.lastDay = day;
        summary.flights += added.flights;
        summary.segments += added.segments;
        summary.fareClasses += added.fareClasses;
        summary.priceRows += added.priceRows;
      }
    }
    const before = addDays(today, -(options.archiveAfterDays ?? ARCHIVE_AFTER_DAYS));
    if (state.archived_before === null || state.archived_before < before) {
      summary.archived = await archiveFlights(db, { since: state.archived_before, before }, now());
      await db
        .updateTable('inventory_state')
        .set({ archived_before: before })
        .where('id', '=', 1)
        .where((eb) =>
          eb.or([eb('archived_before', 'is', null), eb('archived_before', '<', before)]),
        )
        .execute();
    }
  }
  if (summary.days.length > 0 || (summary.archived?.flights ?? 0) > 0) {
    await bumpDatasetVersion(db, INVENTORY_DATASET, now());
  }
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}

/** What a roll generates days from: the seed's schedule on the database's routes, and airports. */
interface RollSchedule extends FlightSchedule {
  airports: readonly SeedAirport[];
}

/**
 * The seed's schedule, each route flying within its window as stored (windows, masks and the
 * network never change as the inventory rolls). Refuses a database whose routes are not that
 * seed's network: flights generated for it would not be its own.
 */
async function rollSchedule(db: Kysely<Database>, seed: number, today: Ymd): Promise<RollSchedule> {
  const airports = await loadAirports();
  const schedule = flightSchedule(airports, seed, today);
  const stored = new Map(
    (
      await db
        .selectFrom('routes')
        .select(['id', 'from_airport', 'to_airport', 'dow', 'available_from', 'available_until'])
        .execute()
    ).map((row) => [Number(row.id), row]),
  );
  const routes = schedule.routes.map((route) => {
    const row = stored.get(route.id);
    if (
      row === undefined ||
      row.from_airport !== route.from ||
      row.to_airport !== route.to ||
      (row.dow & route.dow) !== route.dow
    ) {
      throw new Error(
        `The routes are not those of seed ${seed} (route ${route.id} ${route.from}-${route.to}): ` +
          'seed the database again (npm run db:seed) before rolling its inventory forward.',
      );
    }
    return { ...route, availableFrom: row.available_from, availableUntil: row.available_until };
  });
  return { airports, routes, random: schedule.random };
}

interface DayAdded {
  flights: number;
  segments: number;
  fareClasses: number;
  priceRows: number;
  /** The summary rebuilt, for `priceSummaryEvents` once the day's transaction has committed. */
  priceScope: PriceSummaryScope;
}

/**
 * Claims `day` (moves `inventory_state.last_day` to it, first thing in the transaction, so a
 * concurrent roll waits for this one and then finds the day taken) and writes its flights: a
 * flight already there (same route, day and number) is left as it is. Null when the day was taken.
 */
async function addDay(
  trx: Kysely<Database>,
  options: RollSchedule & { today: Ymd; day: Ymd; now: Date },
): Promise<DayAdded | null> {
  const { day } = options;
  const claimed = await trx
    .updateTable('inventory_state')
    .set({ last_day: day, updated_at: options.now.toISOString() })
    .where('id', '=', 1)
    .where('last_day', '<', day)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;

  const generated = [
    ...generateFlights({
      routes: options.routes,
      airports: options.airports,
      today: options.today,
      days: { first: day, last: day },
      random: options.random,
      // Row ids come from the database; these only tie legs and fares to their flight here.
      ids: { flight: 1, segment: 1, fare: 1 },
    }),
  ];
  const inserted = await insertFlights(trx, generated);
  const segments = createBulkWriter(trx, 'flight_segments', SEGMENT_ROW_COLUMNS);
  const fares = createBulkWriter(trx, 'fare_classes', FARE_ROW_COLUMNS);
  for (const { flight, segments: legs, fares: classes } of generated) {
    const id = inserted.get(flightKey(flight));
    if (id === undefined) continue;
    for (const leg of legs) await segments.add({ ...leg, flight_id: id });
    for (const fare of classes) await fares.add({ ...fare, flight_id: id });
  }
  await segments.flush();
  await fares.flush();
  // Connections starting up to `CONNECTION_DAYS` (route-day-prices-scope.ts) days before reach
  // the new day: the refresh adds those days before each day given, here the new day and the two
  // before it.
  const prices = await rebuildRouteDayPrices(trx, undefined, [addDays(day, -2), day]);
  return {
    flights: inserted.size,
    segments: segments.count,
    fareClasses: fares.count,
    priceRows: prices.rows,
    priceScope: prices.scope,
  };
}

/** A flight's natural key: route, departure day and flight number. */
function flightKey(flight: { route_id: number; departure_date: string; flight_number: string }) {
  return `${flight.route_id} ${flight.departure_date} ${flight.flight_number}`;
}

/** Inserts the flights that are not there yet; answers the new rows' ids by natural key. */
async function insertFlights(
  trx: Kysely<Database>,
  generated: readonly SeededFlight[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < generated.length; i += FLIGHTS_PER_INSERT) {
    const rows = await trx
      .insertInto('flights')
      .values(
        generated.slice(i, i + FLIGHTS_PER_INSERT).map(({ flight }) => {
          const { id: _id, ...row } = flight;
          return row;
        }),
      )
      .onConflict((conflict) =>
        conflict.columns(['route_id', 'departure_date', 'flight_number']).doNothing(),
      )
      .returning(['id', 'route_id', 'departure_date', 'flight_number'])
      .execute();
    for (const row of rows) ids.set(flightKey(row), Number(row.id));
  }
  return ids;
}

/** The summary as one line, for the command's output and the server's log. */
export function describeRoll(summary: InventoryRollSummary): string {
  if (summary.lastDay === null) return `Nothing to roll for ${summary.today}: no seeded inventory.`;
  const seconds = (summary.durationMs / 1000).toFixed(1);
  const added =
    summary.days.length === 0
      ? `no day to add, on sale through ${summary.lastDay}`
      : `${summary.days.length} day(s) added, ${summary.days[0]} to ${summary.lastDay}: ` +
        `${summary.flights} flights, ${summary.segments} legs, ${summary.fareClasses} fare classes, ` +
        `${summary.priceRows} price rows`;
  const { archived } = summary;
  const flown =
    archived === null
      ? 'flown flights archived already'
      : `${archived.flights} flights departed before ${archived.before} archived ` +
        `(${archived.segments} legs, ${archived.fareClasses} fare classes), ` +
        `${archived.kept} kept for their bookings`;
  const rebuilt =
    summary.priceSummaryRebuilt === null
      ? ''
      : `; price summary rebuilt in its new shape (${summary.priceSummaryRebuilt} rows)`;
  return (
    `Inventory rolled for ${summary.today} in ${seconds} s: ${added}` +
    `${summary.busy ? ' (another process is adding the next days)' : ''}; ${flown}${rebuilt}.`
  );
}
