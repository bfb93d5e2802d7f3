/**
 * How values are stored, identically on SQLite and PostgreSQL (docs/database.md): instants are
 * ISO-8601 UTC text from `Date#toISOString()`, calendar dates `YYYY-MM-DD` text, local clock times
 * `HH:mm` text, flags integers 0/1. Money is an integer in minor units next to a currency code;
 * only exchange rates and coordinates are real numbers.
 */

/** A boolean stored as an integer, identical on SQLite and PostgreSQL. */
export type Flag = 0 | 1;

/** An instant as ISO-8601 UTC text, e.g. `2026-11-23T07:05:00.000Z`. */
export type IsoInstant = string;

/** A local wall-clock time `HH:mm` (00:00–23:59). */
export type LocalTime = string;

/** Converts a boolean to the stored flag. */
export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** Reads a stored flag; any non-zero value is true. */
export function fromFlag(value: number): boolean {
  return value !== 0;
}
