import type { IncomingHttpHeaders } from 'node:http';

/** What identifies one version of a finished search's result. */
export interface ResultVersion {
  hash: string;
  /** ISO instant the result was stored. */
  finishedAt: string;
}

/**
 * The strong entity tag of a stored result: the search hash and the moment it finished. A
 * re-run of the same search stores a new result at a later moment, so a new tag.
 */
export function resultEtag(version: ResultVersion): string {
  return `"${version.hash}-${Date.parse(version.finishedAt).toString(36)}"`;
}

/** `Last-Modified` of a stored result (HTTP dates have whole seconds). */
export function resultLastModified(version: ResultVersion): string {
  return new Date(version.finishedAt).toUTCString();
}

/**
 * Whether the client already holds this version (RFC 9110 §13.1): `If-None-Match` when present
 * (weak comparison, `*` matches), otherwise `If-Modified-Since` at second precision; a date that
 * cannot be read, or lies in the future, is ignored.
 */
export function clientHasVersion(
  headers: IncomingHttpHeaders,
  version: ResultVersion,
  now: Date,
): boolean {
  const etag = resultEtag(version);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since) || since > now.getTime()) return false;
  return Math.floor(Date.parse(version.finishedAt) / 1000) * 1000 <= since;
}
