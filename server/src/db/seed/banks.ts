/**
 * Hub banks of the seeded network: when short and medium flights to and from a hub leave, so that
 * flights into a hub meet the flights out of it (docs/database.md "The seed").
 */
import type { SeedAirport } from './airports.ts';
import type { Random } from './random.ts';

const DAY_MINUTES = 24 * 60;

/**
 * Banks at the hubs: waves of arrivals (local minutes after midnight), each followed by a wave
 * of departures `BANK_TURN` minutes later, so that short and medium flights into a hub meet the
 * flights out of it. Longer flights keep the times their regions fly at (overnight crossings).
 */
const BANK_ARRIVALS = [6 * 60 + 45, 10 * 60 + 45, 14 * 60 + 45, 18 * 60 + 45] as const;
const BANK_TURN = { from: 70, to: 120 } as const;
/** Flights shorter than this are timed to the banks of their hub. */
export const BANKED_MAX_KM = 4_500;
/** The earliest and latest local departures an airline schedules. */
const FIRST_DEPARTURE = 5 * 60 + 30;
const LAST_DEPARTURE = 23 * 60;
/**
 * Banks each part of the day may use: flights into a hub land early in the day and flights out
 * of it leave later, as a spoke's aircraft flies in to meet the banks and back out from them.
 */
const SLOT_BANKS: Readonly<Record<'in' | 'out', Readonly<Record<Slot, readonly number[]>>>> = {
  in: { any: [0, 1], morning: [0], midday: [1], evening: [2] },
  out: { any: [1, 2], morning: [0, 1], midday: [1, 2], evening: [2, 3] },
};
/** The instant whose offsets time the banks: a fixed day, so the network never depends on today. */
export const BANK_REFERENCE_MS = Date.parse('2026-01-15T12:00:00Z');

export type Slot = 'any' | 'morning' | 'midday' | 'evening';

/** Minutes an airport's clock is ahead of UTC on the reference day. */
export type UtcOffset = (airport: SeedAirport) => number;

/**
 * The local departure of a short or medium flight timed to a hub's banks, on a five-minute grid:
 * out of a hub in a departure wave, into a hub to land with an arrival wave (between hubs, one
 * or the other). Null when the flight touches no hub, or no bank of its slot gives a departure
 * between 05:30 and 23:00.
 */
export function bankedDeparture(
  random: Random,
  from: SeedAirport,
  to: SeedAirport,
  blockMinutes: number,
  slot: Slot,
  offset: UtcOffset,
): number | null {
  if (!from.hub && !to.hub) return null;
  // Between two hubs, half the flights leave in the first one's wave, half land in the other's.
  const leaving = from.hub && (!to.hub || random.chance(0.5));
  const banks = random.shuffle(SLOT_BANKS[leaving ? 'out' : 'in'][slot]);
  for (const bank of banks) {
    const arrivals = BANK_ARRIVALS[bank] as number;
    const departure = leaving
      ? arrivals + random.step(BANK_TURN.from, BANK_TURN.to, 5)
      : // Land in the wave: the block time back, in the origin's clock.
        arrivals + random.step(-30, 15, 5) - blockMinutes - (offset(to) - offset(from));
    const local = (((Math.round(departure / 5) * 5) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
    if (local >= FIRST_DEPARTURE && local <= LAST_DEPARTURE) return local;
  }
  return null;
}
