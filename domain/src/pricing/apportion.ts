/**
 * Splitting a total converted once (SPEC §9: the charge is converted from the USD total) back
 * into the parts it was made of, so that a price breakdown in the charge currency adds up to the
 * amount charged to the last minor unit.
 */

/**
 * Each part's share of `total`, in whole minor units, proportional to `parts` and adding up to
 * `total` exactly: every share is its exact proportion rounded down or up, and the units left by
 * rounding down go to the parts with the largest remainders (the earlier part on a tie). Parts
 * are non-negative integers; when they are all zero, the first part takes the whole total.
 */
export function apportion(parts: readonly number[], total: number): number[] {
  if (parts.length === 0) return [];
  for (const value of [...parts, total]) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`apportion takes non-negative whole amounts, got ${value}`);
    }
  }
  const sum = parts.reduce((acc, part) => acc + BigInt(part), 0n);
  if (sum === 0n) return parts.map((_, index) => (index === 0 ? total : 0));
  const whole = BigInt(total);
  const shares = parts.map((part, index) => {
    const scaled = BigInt(part) * whole;
    return { index, share: scaled / sum, remainder: scaled % sum };
  });
  let left = whole - shares.reduce((acc, entry) => acc + entry.share, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const entry of byRemainder) {
    if (left === 0n) break;
    entry.share += 1n;
    left -= 1n;
  }
  return shares.map((entry) => Number(entry.share));
}
