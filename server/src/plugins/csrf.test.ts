import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { csrfPlugin } from './csrf.ts';
import { errorHandlerPlugin } from './error-handler.ts';

describe('the CSRF plugin', () => {
  let app: FastifyInstance;
  let changes = 0;

  beforeAll(async () => {
    app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(csrfPlugin, { publicUrl: 'https://fly.example.com' });
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
    });
    const change = async () => {
      changes += 1;
      return { success: true };
    };
    app.post('/api/change', change);
    app.delete('/api/change', change);
    app.get('/api/read', async () => ({ success: true }));
    app.post('/api/upload', { config: { csrf: { multipart: true } } }, change);
    app.post('/outside', change);
    await app.ready();
  });

  afterAll(() => app.close());

  const send = (
    headers: Record<string, string>,
    options: { url?: string; method?: 'POST' | 'DELETE' | 'GET'; payload?: string } = {},
  ) =>
    app.inject({
      method: options.method ?? 'POST',
      url: options.url ?? '/api/change',
      headers: { host: 'fly.example.com', ...headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  const json = { 'content-type': 'application/json' };

  it('lets same-site JSON requests through: the public origin, or the request’s own host', async () => {
    for (const origin of ['https://fly.example.com', 'http://fly.example.com']) {
      const response = await send({ ...json, origin }, { payload: '{}' });
      expect(response.statusCode, origin).toBe(200);
    }
    const proxied = await send(
      { ...json, origin: 'http://localhost:5173', host: 'localhost:5173' },
      { payload: '{}' },
    );
    expect(proxied.statusCode).toBe(200);
  });

  it('refuses a foreign Origin, a foreign Referer and a cross-site fetch with 403, changing nothing', async () => {
    const before = changes;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://fly.example.com.evil.example' },
      { referer: 'https://evil.example/form.html' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://fly.example.com' },
    ];
    for (const headers of foreign) {
      const response = await send({ ...json, ...headers }, { payload: '{}' });
      expectApiError(response, 403, 'FORBIDDEN');
    }
    const refused = expectApiError(
      await send({ origin: 'https://evil.example', 'accept-language': 'it' }, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
    expect(refused.errors).toEqual({
      _: ['Le richieste inviate da altri siti vengono rifiutate.'],
    });
    expect(changes).toBe(before);
  });

  it('takes the Referer when there is no Origin', async () => {
    const response = await send(
      { ...json, referer: 'https://fly.example.com/account' },
      { payload: '{}' },
    );
    expect(response.statusCode).toBe(200);
  });

  it('requires JSON bodies: text, forms and multipart are 415', async () => {
    const before = changes;
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await send({ 'content-type': type }, { payload: 'a=1' });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect(changes).toBe(before);
  });

  it('takes multipart only on the routes that accept it', async () => {
    const response = await send(
      { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://fly.example.com' },
      { url: '/api/upload', payload: '--x--\r\n' },
    );
    expect(response.statusCode).toBe(200);
  });

  it('lets body-less requests, safe methods and paths outside /api/ through', async () => {
    expect((await send({}, { method: 'DELETE' })).statusCode).toBe(200);
    expect(
      (await send({ origin: 'https://evil.example' }, { method: 'GET', url: '/api/read' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send({ 'content-type': 'text/plain' }, { url: '/outside', payload: 'x' })).statusCode,
    ).toBe(200);
  });
});
