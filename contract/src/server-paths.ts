/**
 * Which addresses the server answers itself and which are pages of the web app. The server
 * answers an unknown path under one of its prefixes with a JSON 404 (never the app's page), and
 * the service worker never answers a navigation to one with the app shell: among them are the
 * sandbox gateway's hosted payment pages, which 3-D Secure and PayPal-style payments open, and the
 * operators' `/metrics`. One list, so that the two cannot disagree. No schemas here: the service
 * worker imports it.
 */
export const SERVER_PATH_PREFIXES = [
  '/api',
  '/spp',
  '/sp',
  '/dev',
  '/sandbox-gateway',
  '/metrics',
] as const;

/** The path of an address (`/api/x?y=1` → `/api/x`). */
function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

/** Whether an address (a path, with or without its query) is one of the server's own. */
export function isServerPath(url: string): boolean {
  const path = pathOf(url);
  return SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Whether an address names a file (`/assets/app.js`) rather than a page (`/bookings`). */
export function looksLikeFile(url: string): boolean {
  const path = pathOf(url);
  return /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}
