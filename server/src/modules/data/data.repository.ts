import type { Kysely } from 'kysely';
import type { Flag } from '../../db/columns.ts';
import type { Database } from '../../db/database.ts';
import type { Route } from '../../db/tables/inventory.ts';
import type { CurrenciesTable } from '../../db/tables/reference.ts';

/** Reference data and the route network: the SQL behind `/api/data`. */

export type CurrencyRow = Pick<
  CurrenciesTable,
  'code' | 'name' | 'symbol' | 'ord' | 'rate' | 'minor_units'
>;

export interface LanguageRow {
  code: string;
  enabled: Flag;
  default_currency: string;
  ord: number;
}

export interface CountryNameRow {
  code: string;
  phone_code: string;
  locale: string;
  name: string;
}

export interface NamedRow {
  id: number;
  name: string;
}

export interface AirportRow {
  code: string;
  name: string;
  city: string;
  country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
  /** The city entry of a city of several airports this airport belongs to. */
  metro_code: string | null;
}

export type RouteRow = Pick<
  Route,
  'id' | 'from_airport' | 'to_airport' | 'dow' | 'available_from' | 'available_until' | 'rating'
>;

export async function readCurrencies(db: Kysely<Database>): Promise<CurrencyRow[]> {
  return db
    .selectFrom('currencies')
    .select(['code', 'name', 'symbol', 'ord', 'rate', 'minor_units'])
    .orderBy('ord')
    .orderBy('code')
    .execute();
}

export async function readLanguages(db: Kysely<Database>): Promise<LanguageRow[]> {
  return db
    .selectFrom('languages')
    .select(['code', 'enabled', 'default_currency', 'ord'])
    .orderBy('ord')
    .execute();
}

/** Every country with its name in every locale that has one (one row per country and locale). */
export async function readCountryNames(db: Kysely<Database>): Promise<CountryNameRow[]> {
  return db
    .selectFrom('countries')
    .innerJoin('country_names', 'country_names.country_code', 'countries.code')
    .select([
      'countries.code as code',
      'countries.phone_code as phone_code',
      'country_names.locale as locale',
      'country_names.name as name',
    ])
    .orderBy('countries.code')
    .execute();
}

export async function readTitles(db: Kysely<Database>): Promise<NamedRow[]> {
  return db.selectFrom('titles').select(['id', 'name']).orderBy('id').execute();
}

export async function readTicketTypes(db: Kysely<Database>): Promise<NamedRow[]> {
  return db.selectFrom('ticket_types').select(['id', 'name']).orderBy('id').execute();
}

/** Routes that fly on at least one weekday (SPEC §5: only routes with dow > 0 are available). */
export async function readFlownRoutes(db: Kysely<Database>): Promise<RouteRow[]> {
  return db
    .selectFrom('routes')
    .select([
      'id',
      'from_airport',
      'to_airport',
      'dow',
      'available_from',
      'available_until',
      'rating',
    ])
    .where('dow', '>', 0)
    .orderBy('id')
    .execute();
}

/** Airports that at least one flown route starts or ends at. */
export async function readServedAirports(db: Kysely<Database>): Promise<AirportRow[]> {
  return db
    .selectFrom('airports')
    .select([
      'code',
      'name',
      'city',
      'country_code',
      'time_zone',
      'latitude',
      'longitude',
      'metro_code',
    ])
    .where((eb) =>
      eb.or([
        eb('code', 'in', eb.selectFrom('routes').select('from_airport').where('dow', '>', 0)),
        eb('code', 'in', eb.selectFrom('routes').select('to_airport').where('dow', '>', 0)),
      ]),
    )
    .orderBy('code')
    .execute();
}

/** Sets the rate of each listed currency; the codes whose currency does not exist. */
export async function updateCurrencyRates(
  db: Kysely<Database>,
  rates: ReadonlyMap<string, number>,
): Promise<string[]> {
  const missing: string[] = [];
  for (const [code, rate] of rates) {
    const result = await db
      .updateTable('currencies')
      .set({ rate })
      .where('code', '=', code)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) missing.push(code);
  }
  return missing;
}
