/**
 * fast-check arbitraries shared by the domain tests. Test code only: nothing outside tests
 * imports this file.
 */
import fc from 'fast-check';
import { addDays, daysBetween, type Ymd } from '../dates/ymd.ts';
import type { Destination } from '../search/destination-codec.ts';

const EPOCH = '1900-01-01' as Ymd;

/** A calendar date between `min` and `max` (defaults: 1900-01-01 to 2200-12-31). */
export function ymdArb(min: Ymd = EPOCH, max: Ymd = '2200-12-31' as Ymd): fc.Arbitrary<Ymd> {
  return fc.integer({ min: 0, max: daysBetween(min, max) }).map((offset) => addDays(min, offset));
}

/** A destination that the URL codec can write: fare class only with a chosen flight. */
export function destinationArb(): fc.Arbitrary<Destination> {
  return fc
    .record({
      routeId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      date: ymdArb('0000-01-01' as Ymd, '9999-12-31' as Ymd),
      flightId: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/), { nil: null }),
      fareClass: fc.option(fc.stringMatching(/^[A-Z]{1,8}$/), { nil: null }),
    })
    .map((x) => ({ ...x, fareClass: x.flightId === null ? null : x.fareClass }));
}
