import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON response body serialised once and served many times: its bytes, a validator (ETag, and
 * Last-Modified when the data has a version time) and compressed copies made on first use. Hot
 * read endpoints (DESIGN §9, performance goals G13/G14) answer from these without serialising or
 * compressing per request.
 */
export interface PreparedResponse {
  readonly body: Buffer;
  /** Weak entity tag: the same JSON gives the same tag in every process. */
  readonly etag: string;
  /** HTTP date of the data's version, whole seconds. */
  readonly lastModified: string | undefined;
  /** Last-Modified as epoch milliseconds (a multiple of 1000). */
  readonly lastModifiedMs: number | undefined;
  /** Compressed copies by encoding, made when first asked for. */
  readonly encoded: Map<ContentEncoding, Buffer>;
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * Route options for routes answering with {@link sendPrepared}: the response compression plugin
 * stays out of them (they send their own compressed copies), which also spares its hooks.
 */
export const PRECOMPRESSED = { compress: false, decompress: false } as const;

/** Bodies smaller than this are sent as they are. */
const COMPRESS_THRESHOLD_BYTES = 1024;

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
    etag: `W/"${digest}"`,
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

function encode(prepared: PreparedResponse, encoding: ContentEncoding): Buffer {
  let bytes = prepared.encoded.get(encoding);
  if (bytes === undefined) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(prepared.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: prepared.body.length,
            },
          })
        : gzipSync(prepared.body, { level: 9 });
    prepared.encoded.set(encoding, bytes);
  }
  return bytes;
}

/** What of a request decides the answer to it: its method and headers (Fastify's or Node's). */
export type RequestHead = Pick<IncomingMessage, 'method' | 'headers'>;

/** Whether the request's validators match the prepared response (RFC 9110 §13.2.2). */
export function isNotModified(request: RequestHead, prepared: PreparedResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // If-None-Match takes precedence over If-Modified-Since; tags compare weakly.
    const opaque = prepared.etag.slice(2);
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some(
        (tag) => tag === '*' || tag === prepared.etag || tag === opaque || tag === `W/${opaque}`,
      );
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

/** How a prepared response is cached: `Cache-Control`, and `Vary` beyond Accept-Encoding. */
export interface CachePolicy {
  cacheControl: string;
  vary?: string;
}

/** The status, headers and body that answer a request with a prepared response. */
export interface PreparedAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** Absent for 304. */
  body: Buffer | undefined;
}

/**
 * The answer to a request from a prepared response: 304 with no body when the request's
 * validators match, else the body in the best encoding the client accepts. `Cache-Control` and
 * `Vary` go with both.
 */
export function preparedAnswer(
  request: RequestHead,
  prepared: PreparedResponse,
  policy: CachePolicy,
): PreparedAnswer {
  const compressible = prepared.body.length >= COMPRESS_THRESHOLD_BYTES;
  const headers: Record<string, string> = {
    'cache-control': policy.cacheControl,
    etag: prepared.etag,
  };
  if (prepared.lastModified !== undefined) headers['last-modified'] = prepared.lastModified;
  const vary = compressible
    ? policy.vary === undefined
      ? 'Accept-Encoding'
      : `${policy.vary}, Accept-Encoding`
    : policy.vary;
  if (vary !== undefined) headers.vary = vary;
  if (isNotModified(request, prepared)) return { status: 304, headers, body: undefined };
  headers['content-type'] = 'application/json; charset=utf-8';
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) return { status: 200, headers, body: prepared.body };
  headers['content-encoding'] = encoding;
  return { status: 200, headers, body: encode(prepared, encoding) };
}

/** Sends a prepared response (see {@link preparedAnswer}). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedResponse,
  policy: CachePolicy,
): FastifyReply {
  const answer = preparedAnswer(request, prepared, policy);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/**
 * For a route handler that is not async: sends the prepared response made from `source`. When
 * the source is at hand (cached data, an anonymous visitor: the hot path), the answer goes out
 * at once and costs no promise; when it is a promise, the answer goes out once it settles, and
 * the returned promise tells Fastify to wait.
 */
export function sendPreparedFrom<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  source: T | Promise<T>,
  prepare: (value: T) => PreparedResponse,
  options: CachePolicy,
): Promise<void> | undefined {
  if (source instanceof Promise) {
    return source.then((value) => {
      sendPrepared(request, reply, prepare(value), options);
    });
  }
  sendPrepared(request, reply, prepare(source), options);
  return undefined;
}
