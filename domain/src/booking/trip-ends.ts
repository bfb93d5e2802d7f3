/** One leg of a trip: where it leaves from and where it ends. */
export interface TripLeg {
  readonly from: string;
  readonly to: string;
}

/**
 * Where a trip starts and where it goes, as a bookings list names it ("LHR to CDG"): from the
 * first leg's start to the place the traveller travels to — the far end of a trip that comes
 * back where it started (a return, or a multi-city round), else where the last leg ends (one way,
 * an open jaw, a multi-city trip that ends elsewhere).
 */
export function tripEnds(legs: readonly TripLeg[]): { from: string; to: string } {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (first === undefined || last === undefined) return { from: '', to: '' };
  const comesBack = legs.length > 1 && last.to === first.from;
  return { from: first.from, to: comesBack ? first.to : last.to };
}
