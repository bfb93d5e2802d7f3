/**
 * The busiest real routes between the seed's airports (London–New York, the US transcontinental,
 * Seoul Gimpo–Jeju…): served whatever the draw, every day, open all year, at least twice a day,
 * so that the first searches a traveller tries find flights.
 */
export const TRUNK_PAIRS: readonly (readonly [string, string])[] = [
  ['LHR', 'JFK'],
  ['CDG', 'JFK'],
  ['FRA', 'JFK'],
  ['JFK', 'LAX'],
  ['LHR', 'DXB'],
  ['LHR', 'SIN'],
  ['SIN', 'KUL'],
  ['HKG', 'TPE'],
  ['DEL', 'BOM'],
  ['MAD', 'BCN'],
  ['GMP', 'CJU'],
];

const pairKey = (a: string, b: string) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const TRUNK_KEYS = new Set(TRUNK_PAIRS.map(([a, b]) => pairKey(a, b)));

/** Whether the pair is one of {@link TRUNK_PAIRS}. */
export function isTrunkPair(a: string, b: string): boolean {
  return TRUNK_KEYS.has(pairKey(a, b));
}
