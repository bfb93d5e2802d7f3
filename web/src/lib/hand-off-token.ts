import { rememberDeviceBooking } from './device-data.ts';

/**
 * The device token an e-mailed link's server hand-off page passes in the address fragment. This
 * module is part of the start-up bundle (the routes' loaders use it), so it imports nothing of
 * the contract's schemas.
 */
const HAND_OFF_FRAGMENT = /^#device-token=([A-Za-z0-9_-]{43})$/;

/**
 * The server's hand-off pages (e-mailed links) send the browser to the booking or its pay page
 * with `#device-token=<43 characters>`. The token is kept for `pnr` and the fragment removed from
 * the address at once, before anything else (error reports, analytics, a shared link) can see it.
 * Returns whether a token was taken.
 */
export function adoptHandOffToken(pnr: string, target: Window = window): boolean {
  const match = HAND_OFF_FRAGMENT.exec(target.location.hash);
  if (!match?.[1]) return false;
  const { pathname, search } = target.location;
  target.history.replaceState(target.history.state, '', `${pathname}${search}`);
  rememberDeviceBooking({ pnr: pnr.toUpperCase(), token: match[1] });
  return true;
}
