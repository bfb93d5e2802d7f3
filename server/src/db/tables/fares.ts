import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { IsoInstant } from '../columns.ts';

/**
 * A sale an airline partner published (docs/decisions/009-fares-that-move.md): a percentage off
 * the fares of one route's flights departing from `from_date` to `until_date`, both included,
 * until it is ended. Overlapping sales do not add up: the largest percentage applies.
 */
export interface FareSalesTable {
  id: Generated<number>;
  /** The route whose own flights are on sale (no foreign key: re-seeding keeps route ids). */
  route_id: number;
  from_date: Ymd;
  until_date: Ymd;
  /** 1–90 (checked by the database). */
  percent: number;
  /**
   * Who published it: a fingerprint of the partner's key (never the key), or null when the
   * partner API runs without keys (development).
   */
  partner: string | null;
  created_at: IsoInstant;
  /** When the partner ended it; null while it runs. */
  ended_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
}

/**
 * How many times the fares a search of a route and departure day can show have changed (the
 * route's own flights, the connections and city routes through them): part of a search's hash,
 * so a search after a change never reuses a result with the old prices.
 */
export interface FareVersionsTable {
  route_id: number;
  date: Ymd;
  version: number;
}

/** Where re-pricing stands (one row, id 1): see `db/fares-state.ts`. */
export interface FaresStateTable {
  id: number;
  repriced_on: Ymd;
  repriced_through: Ymd;
  updated_at: IsoInstant;
}

export type FareSale = Selectable<FareSalesTable>;
