/**
 * Where push messages may be sent (reference notes §8, SSRF): the endpoint URL comes from the
 * browser and our server POSTs to it, so only the push services browsers use are allowed —
 * Google FCM (Chrome, Edge on Android, Opera), Mozilla autopush (Firefox), Apple (Safari) and
 * Microsoft WNS (Edge on Windows) — over HTTPS on the default port, without credentials. Tests
 * and development may add exact origins (`PUSH_EXTRA_ORIGINS`, refused in production).
 */

/** Host names, and `*.` suffixes for services that shard by sub-domain. */
export const KNOWN_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

function hostMatches(host: string, pattern: string): boolean {
  if (!pattern.startsWith('*.')) return host === pattern;
  const suffix = pattern.slice(1);
  return host.endsWith(suffix) && host.length > suffix.length;
}

export function isAllowedPushEndpoint(
  endpoint: string,
  extraOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_PUSH_SERVICES.some((pattern) => hostMatches(host, pattern));
}
