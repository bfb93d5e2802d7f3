/** A link token or a session id in a path: 40 hex digits, or 43 base64url characters. */
const SECRET_SEGMENT = /(?<=\/)(?:[0-9a-fA-F]{40}|[A-Za-z0-9_-]{43})(?=[/?#]|$)/g;

/**
 * A request URL safe to log: the e-mailed link tokens in its path (`/api/users/{token}/login`,
 * `/api/users/password/{token}/reset`, …) replaced by `[token]`, so that logs never hold a usable
 * link (reference notes, AUTH-3).
 */
export function maskLinkTokens(url: string): string {
  return url.replace(SECRET_SEGMENT, '[token]');
}
