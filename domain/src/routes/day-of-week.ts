/**
 * Day-of-week bitmask of a route (SPEC §9): Monday 1, Tuesday 2, Wednesday 4, Thursday 8,
 * Friday 16, Saturday 32, Sunday 64; all days 127.
 */
export const DayBit = {
  monday: 1,
  tuesday: 2,
  wednesday: 4,
  thursday: 8,
  friday: 16,
  saturday: 32,
  sunday: 64,
} as const;

export type DayName = keyof typeof DayBit;

export const ALL_DAYS_MASK = 127;

/** Days in ISO order, Monday first, as the week is shown everywhere in the product. */
export const DAY_NAMES: readonly DayName[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** A mask is well formed when it is an integer from 0 to 127. */
export function isValidDowMask(mask: number): boolean {
  return Number.isInteger(mask) && mask >= 0 && mask <= ALL_DAYS_MASK;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date, computed in UTC. */
export function isoWeekday(date: Date): number {
  const jsDay = date.getUTCDay();
  return jsDay === 0 ? 7 : jsDay;
}

/** The bit of an ISO weekday (1 = Monday … 7 = Sunday). */
export function bitOfIsoWeekday(isoDay: number): number {
  if (!Number.isInteger(isoDay) || isoDay < 1 || isoDay > 7) {
    throw new RangeError(`ISO weekday must be 1..7, got ${isoDay}`);
  }
  return 1 << (isoDay - 1);
}

/** Whether the mask operates on the given ISO weekday. */
export function operatesOnIsoWeekday(mask: number, isoDay: number): boolean {
  return (mask & bitOfIsoWeekday(isoDay)) !== 0;
}

/** Builds a mask from day names. */
export function maskOf(days: Iterable<DayName>): number {
  let mask = 0;
  for (const day of days) mask |= DayBit[day];
  return mask;
}

/** The day names a mask operates on, Monday first. */
export function daysOfMask(mask: number): DayName[] {
  return DAY_NAMES.filter((day) => (mask & DayBit[day]) !== 0);
}

/** The day name of an ISO weekday (1 = Monday … 7 = Sunday). */
export function dayNameOfIsoWeekday(isoDay: number): DayName {
  const name = DAY_NAMES[isoDay - 1];
  if (!Number.isInteger(isoDay) || name === undefined) {
    throw new RangeError(`ISO weekday must be 1..7, got ${isoDay}`);
  }
  return name;
}
