import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON response body serialised once per data version and served many times, with its
 * validators: a strong ETag (the digest of the JSON) and Last-Modified when the data has a version
 * time. This holds only what the HTTP plugins do not do for us (decision 005): `@fastify/compress`
 * compresses every answer anew and `@fastify/etag` hashes every body and matches one exact tag;
 * here the body is built and compressed once per data version, and conditional requests are
 * answered with lists of tags, weak comparison and dates, as browsers, workers and CDNs send them.
 */
export interface PreparedResponse {
  readonly body: Buffer;
  /** Strong entity tag: the same JSON gives the same tag in every process. */
  readonly etag: string;
  /** HTTP date of the data's version, whole seconds. */
  readonly lastModified: string | undefined;
  /** Last-Modified as epoch milliseconds (a multiple of 1000). */
  readonly lastModifiedMs: number | undefined;
  /** Compressed copies by encoding, made when first asked for. */
  readonly encoded: Map<ContentEncoding, Buffer>;
}

export type ContentEncoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are (the compression plugin's threshold too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Serialises a value (already checked against its schema) as a prepared JSON response. */
export function prepareJson(
  value: unknown,
  options: { lastModified?: Date } = {},
): PreparedResponse {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const lastModifiedMs =
    options.lastModified === undefined
      ? undefined
      : Math.floor(options.lastModified.getTime() / 1000) * 1000;
  return {
    body,
    etag: `"${digest}"`,
    lastModified: lastModifiedMs === undefined ? undefined : new Date(lastModifiedMs).toUTCString(),
    lastModifiedMs,
    encoded: new Map(),
  };
}

/**
 * The best encoding the client accepts (`br` before `gzip`), or null for the bytes as they are.
 * `q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.slice(0, 512).split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (parameter.startsWith('q')) q = match?.[1] === undefined ? 0 : Number(match[1]);
    }
    weights.set(name, q);
  }
  const weightOf = (encoding: ContentEncoding): number =>
    weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Bodies from this size on are compressed with brotli's quality 9, smaller ones with 5. Below it
 * the two give the same bytes within a few (a 3.4 KB price grid: 302 and 304) while 9 takes about
 * fifteen times as long (1 ms against 0.07), paid on every request for a body prepared anew; a
 * large body such as the route network (140 KB) is 3–4 % smaller at 9, and is compressed once
 * per version of its data.
 */
export const BROTLI_HIGH_QUALITY_FROM_BYTES = 32 * 1024;

/** The body in an encoding, compressed on first use and kept with the prepared response. */
function encode(prepared: PreparedResponse, encoding: ContentEncoding): Buffer {
  let bytes = prepared.encoded.get(encoding);
  if (bytes === undefined) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(prepared.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]:
                prepared.body.length >= BROTLI_HIGH_QUALITY_FROM_BYTES ? 9 : 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: prepared.body.length,
            },
          })
        : gzipSync(prepared.body, { level: 9 });
    prepared.encoded.set(encoding, bytes);
  }
  return bytes;
}

/** What of a request decides the answer to it: its method and headers. */
export type RequestHead = Pick<FastifyRequest, 'method' | 'headers'>;

/** Whether the request's validators match the prepared response (RFC 9110 §13.2.2). */
export function isNotModified(request: RequestHead, prepared: PreparedResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // If-None-Match takes precedence over If-Modified-Since; tags compare weakly (RFC 9110
    // §13.1.2), so a cache that weakened our tag still revalidates.
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || tag === prepared.etag || tag === `W/${prepared.etag}`);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || prepared.lastModifiedMs === undefined) return false;
  // The usual case: the client sends back the Last-Modified it was given.
  if (ifModifiedSince === prepared.lastModified) return prepared.lastModifiedMs <= Date.now();
  const since = Date.parse(ifModifiedSince);
  // An unparsable date, or one later than now, is ignored (RFC 9110 §13.1.3).
  if (Number.isNaN(since) || since > Date.now()) return false;
  return prepared.lastModifiedMs <= since;
}

/** How a prepared response may be cached: `Cache-Control`, and `Vary`. */
export interface CachePolicy {
  cacheControl: string;
  vary?: string;
}

/**
 * Sends a prepared response: 304 with no body when the request's validators match, else the
 * JSON in the best encoding the client accepts, from the copy compressed once (the compression
 * plugin lets an answer that already has its Content-Encoding pass). The cache policy and the
 * validators go with both.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedResponse,
  policy: CachePolicy,
): FastifyReply {
  const compressible = prepared.body.length >= COMPRESS_THRESHOLD_BYTES;
  const vary = compressible
    ? [policy.vary, 'Accept-Encoding'].filter(Boolean).join(', ')
    : policy.vary;
  reply.header('cache-control', policy.cacheControl).header('etag', prepared.etag);
  if (prepared.lastModified !== undefined) reply.header('last-modified', prepared.lastModified);
  if (vary !== undefined) reply.header('vary', vary);
  if (isNotModified(request, prepared)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) return reply.send(prepared.body);
  return reply.header('content-encoding', encoding).send(encode(prepared, encoding));
}

/** Answers that depend on the visitor's cookies and browser language: revalidated on every use. */
export const PER_VISITOR: CachePolicy = {
  cacheControl: 'private, no-cache',
  vary: 'Cookie, Accept-Language',
};

/**
 * Answers that are the same for everyone: browsers and shared caches (a CDN) use them for
 * `fresh` seconds, then for up to `stale` more seconds while they revalidate in the background, so
 * a returning visitor never waits for them. A change reaches every visitor within `fresh` seconds
 * of their next use.
 */
export function sharedCache(fresh: number, stale: number): CachePolicy {
  return {
    cacheControl: `public, max-age=${fresh}, s-maxage=${fresh}, stale-while-revalidate=${stale}`,
  };
}
