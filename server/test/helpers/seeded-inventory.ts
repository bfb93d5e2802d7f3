import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { FareClass, Flight, FlightSegment, Route } from '../../src/db/tables/inventory.ts';
import type { Airport } from '../../src/db/tables/reference.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** Everything the checks of the seeded inventory read, loaded once. */
export interface InventorySnapshot {
  airports: Airport[];
  routes: Route[];
  flights: Flight[];
  segmentsByFlight: Map<number, FlightSegment[]>;
  faresByFlight: Map<number, FareClass[]>;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Reads the airports, routes, flights, their segments and fare classes of a seeded database. */
export async function loadInventory(db: Kysely<Database>): Promise<InventorySnapshot> {
  const [airports, routes, flights, segments, fares] = await Promise.all([
    db.selectFrom('airports').selectAll().orderBy('code').execute(),
    db.selectFrom('routes').selectAll().orderBy('id').execute(),
    db.selectFrom('flights').selectAll().orderBy('id').execute(),
    db.selectFrom('flight_segments').selectAll().orderBy('id').execute(),
    db.selectFrom('fare_classes').selectAll().orderBy('id').execute(),
  ]);
  return {
    airports,
    routes,
    flights,
    segmentsByFlight: groupBy(segments, (segment) => segment.flight_id),
    faresByFlight: groupBy(fares, (fare) => fare.flight_id),
  };
}

/**
 * Inside a describe: a seeded database of its own, whose inventory is read before the tests into
 * the object answered (filled in place) and which is deleted after them.
 */
export function seededInventory(): InventorySnapshot {
  const data = {} as InventorySnapshot;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    Object.assign(data, await loadInventory(database.db));
  }, 120_000);
  afterAll(() => database.dispose());
  return data;
}

/** Collects rule violations, so a loop over many rows asserts once and shows the first few. */
export class Problems {
  readonly #found: string[] = [];

  check(ok: boolean, describe: () => string): void {
    if (!ok) this.#found.push(describe());
  }

  expectNone(): void {
    expect(this.#found.slice(0, 10), `${this.#found.length} problem(s)`).toEqual([]);
  }
}
