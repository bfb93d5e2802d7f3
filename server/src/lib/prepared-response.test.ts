import compress from '@fastify/compress';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import {
  isNotModified,
  negotiateEncoding,
  PER_VISITOR,
  prepareJson,
  sendPrepared,
  sharedCache,
  type PreparedResponse,
} from './prepared-response.ts';

function requestWith(headers: Record<string, string>, method = 'GET'): FastifyRequest {
  return { method, headers } as unknown as FastifyRequest;
}

describe('prepareJson', () => {
  it('gives the same JSON the same strong tag and a whole-second Last-Modified', () => {
    const a = prepareJson({ b: 1 }, { lastModified: new Date('2026-11-22T10:00:00.750Z') });
    const b = prepareJson({ b: 1 });
    expect(a.etag).toBe(b.etag);
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(prepareJson({ b: 2 }).etag).not.toBe(a.etag);
    expect(a.lastModified).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(a.lastModifiedMs).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(a.body.toString()).toBe('{"b":1}');
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, br;q=0', null],
    ['deflate', null],
    ['GZIP;Q=1', 'gzip'],
    ['br;q=garbage', null],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isNotModified', () => {
  const prepared = prepareJson({ a: 1 }, { lastModified: new Date('2026-11-20T09:00:00Z') });

  it('matches If-None-Match weakly, in lists and with *', () => {
    const weak = `W/${prepared.etag}`;
    for (const tag of [prepared.etag, weak, `"other", ${prepared.etag}`, '*']) {
      expect(isNotModified(requestWith({ 'if-none-match': tag }), prepared), tag).toBe(true);
    }
    expect(isNotModified(requestWith({ 'if-none-match': '"other"' }), prepared)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since', () => {
    const request = requestWith({
      'if-none-match': '"other"',
      'if-modified-since': 'Fri, 20 Nov 2026 09:00:00 GMT',
    });
    expect(isNotModified(request, prepared)).toBe(false);
  });

  it.each([
    ['Fri, 20 Nov 2026 09:00:00 GMT', true],
    ['Fri, 20 Nov 2026 09:00:01 GMT', true],
    ['Fri, 20 Nov 2026 08:59:59 GMT', false],
    ['not a date', false],
    ['', false],
  ])('If-Modified-Since %s → %s', (since, expected) => {
    expect(isNotModified(requestWith({ 'if-modified-since': since }), prepared)).toBe(expected);
  });

  it('ignores a date in the future, and conditions on other methods', () => {
    const future = new Date(Date.now() + 3_600_000).toUTCString();
    expect(isNotModified(requestWith({ 'if-modified-since': future }), prepared)).toBe(false);
    const post = requestWith({ 'if-none-match': prepared.etag }, 'POST');
    expect(isNotModified(post, prepared)).toBe(false);
  });

  it('treats the exact Last-Modified sent back like any other date (not in the future)', () => {
    const ahead = prepareJson({ a: 1 }, { lastModified: new Date(Date.now() + 3_600_000) });
    const echoed = requestWith({ 'if-modified-since': ahead.lastModified ?? '' });
    expect(isNotModified(echoed, ahead)).toBe(false);
  });

  it('never answers 304 by date for data without a version time', () => {
    const unversioned = prepareJson({ a: 1 });
    const since = 'Fri, 20 Nov 2026 09:00:00 GMT';
    expect(isNotModified(requestWith({ 'if-modified-since': since }), unversioned)).toBe(false);
  });
});

describe('sendPrepared', () => {
  const small = prepareJson({ a: 1 }, { lastModified: new Date('2026-11-20T09:00:00Z') });
  const large = prepareJson({ list: Array.from({ length: 200 }, (_, index) => ({ index })) });
  const app = Fastify({ logger: false });
  const routes: Record<string, [PreparedResponse, Parameters<typeof sendPrepared>[3]]> = {
    '/small': [small, PER_VISITOR],
    '/large': [large, sharedCache(300, 86_400)],
  };
  app.register(compress, { threshold: 1024 });
  app.register(async (scope) => {
    for (const [path, [prepared, policy]] of Object.entries(routes)) {
      scope.get(path, (request, reply) => sendPrepared(request, reply, prepared, policy));
    }
  });
  afterAll(() => app.close());

  it('sends a small body as it is, with its validators and the cache policy', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'cache-control': 'private, no-cache',
      etag: small.etag,
      'last-modified': 'Fri, 20 Nov 2026 09:00:00 GMT',
      vary: 'Cookie, Accept-Language',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(small.body)).toBe(true);
  });

  it('compresses a large body once for a client that accepts it, and varies on Accept-Encoding', async () => {
    const zipped = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(large.encoded.get('gzip')?.equals(zipped.rawPayload)).toBe(true);
    expect(zipped.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=86400',
    );
    expect(gunzipSync(zipped.rawPayload).equals(large.body)).toBe(true);
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.equals(large.body)).toBe(true);
  });

  it('answers 304 with the validators and no body or type', async () => {
    const response = await app.inject({ url: '/small', headers: { 'if-none-match': small.etag } });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(small.etag);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-type']).toBeUndefined();
  });
});
