/**
 * Header names the web app and the server share. Kept in a module without schemas: the web app
 * reads them at start-up, and importing a schema module there would pull zod into the first
 * download.
 */

/**
 * The request header carrying the device booking tokens of an anonymous visitor, comma-separated
 * (a header, so that they never appear in URLs or access logs).
 */
export const DEVICE_TOKENS_HEADER = 'x-booking-tokens';

/**
 * The header of `DELETE /api/price-watch/{number}` naming the push subscription the watch notifies
 * ("Stop watching" from a notification, where the browser knows its endpoint but not the id).
 */
export const PUSH_ENDPOINT_HEADER = 'x-push-endpoint';
