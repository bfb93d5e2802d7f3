/**
 * The all-in columns of the price summary (`route_day_prices`, docs/search.md "All-in prices with
 * bags"): for each bag count a traveller can ask for, the day's cheapest fare plus the bag extras
 * its fare class needs (domain fare rules), computed in SQL as the summary is written.
 */
import {
  BAG_COUNTS,
  bagFeeMinor,
  FARE_RULES,
  type BagCount,
} from '@uniquair/domain/pricing/fare-rules';
import { sql, type RawBuilder } from 'kysely';

/**
 * The shape the summary is built in, recorded in `inventory_state.price_summary_version`; the
 * inventory roll rebuilds a summary of an older shape whole (2: all-in prices with bags).
 */
export const PRICE_SUMMARY_VERSION = 2;

/** The summary's columns, each the cheapest all-in price of a day for a count of checked bags. */
const PRICE_COLUMNS = {
  0: 'min_price_minor',
  1: 'min_price_bags1_minor',
  2: 'min_price_bags2_minor',
} as const satisfies Record<BagCount, string>;

/** The summary column of the cheapest all-in price with `bags` checked bags per passenger. */
export function summaryPriceColumn(bags: BagCount): (typeof PRICE_COLUMNS)[BagCount] {
  return PRICE_COLUMNS[bags];
}

/** Every column an insert into the summary writes, in the order its selects give them. */
export const SUMMARY_COLUMNS = [
  'route_id',
  'date',
  ...BAG_COUNTS.map(summaryPriceColumn),
  'currency',
  'updated_at',
] as const;

/**
 * `price` (one passenger's fares of a leg) plus the bag extras its fare class `letter` needs for
 * `bags` checked bags (domain fare rules), or SQL null when that class cannot carry them.
 */
function allInSql(price: RawBuilder<number>, letter: string, bags: BagCount) {
  if (bags === 0) return price;
  const fee = (minor: number | null) => (minor === null ? sql`null` : sql.lit(minor));
  const cases = Object.keys(FARE_RULES).map(
    (code) => sql`when ${sql.lit(code)} then ${fee(bagFeeMinor(code, bags))}`,
  );
  return sql<
    number | null
  >`${price} + case ${sql.ref(letter)} ${sql.join(cases, sql` `)} else ${fee(bagFeeMinor('', bags))} end`;
}

/** The cheapest all-in price of a group for each bag count, named as the summary's columns. */
export function cheapestAllIn(price: RawBuilder<number>, letter: string) {
  return BAG_COUNTS.map((bags) =>
    sql<number | null>`min(${allInSql(price, letter, bags)})`.as(summaryPriceColumn(bags)),
  );
}
