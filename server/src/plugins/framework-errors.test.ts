import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, type ErrorBody } from '@uniquair/contract/error-body';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { useTestApp } from '../../test/helpers/build.ts';

/** Sends raw bytes to the server and reads the whole answer (the server closes). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: ErrorBody } {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, headers: head, body: ErrorBodySchema.parse(JSON.parse(rest.join('\r\n\r\n'))) };
}

function expectHumanMessage(body: ErrorBody): void {
  const messages = Object.values(body.errors).flat();
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).toMatch(/^[A-Z].*\.$/);
}

describe('errors raised before any route runs', () => {
  const testApp = useTestApp();
  let port: number;

  beforeAll(async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  it('answers a path parameter over the length limit 414 URI_TOO_LONG without quoting the URL', async () => {
    const long = 'a'.repeat(600);
    const response = await fetch(`http://127.0.0.1:${port}/api/data/page/${long}`);
    expect(response.status).toBe(414);
    const body = ErrorBodySchema.parse(await response.json());
    expect(body.code).toBe('URI_TOO_LONG');
    expectHumanMessage(body);
    expect(JSON.stringify(body)).not.toContain('aaaa');
  });

  it('answers a URL that cannot be decoded 400 INVALID_URL', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/data/page/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    const { status, body } = parseRaw(answer);
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_URL');
    expectHumanMessage(body);
    expect(JSON.stringify(body)).not.toContain('%E0');
  });

  it('answers headers over the limit 431 HEADERS_TOO_LARGE in the error shape', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, body } = parseRaw(answer);
    expect(status).toBe(431);
    expect(body.code).toBe('HEADERS_TOO_LARGE');
    expectHumanMessage(body);
  });

  it('answers an unreadable request (a DELETE whose body has no length) in the error shape', async () => {
    const answer = await rawRequest(
      port,
      'DELETE /api/booking/passengers/1 HTTP/1.1\r\nHost: localhost\r\n\r\n{"id": 1}',
    );
    const parts = answer.split(/(?=HTTP\/1\.1 )/);
    const last = parseRaw(parts.at(-1) ?? '');
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('BAD_REQUEST');
    expectHumanMessage(last.body);
  });

  it('answers a known path asked with another method 405 with Allow', async () => {
    const response = await testApp.app.inject({ method: 'PUT', url: '/api/users/sign-in' });
    const body = expectApiError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('POST');
    expectHumanMessage(body);
    const get = await testApp.app.inject({ method: 'DELETE', url: '/api/booking/ab12cd/get' });
    expectApiError(get, 405, 'METHOD_NOT_ALLOWED');
    expect(String(get.headers.allow).split(', ')).toContain('GET');
  });

  it('still answers an unknown path 404 NOT_FOUND, in the visitor’s language, without the path', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const body = expectApiError(response, 404, 'NOT_FOUND');
    expect(body.errors._).toEqual(['Unter dieser Adresse wurde nichts gefunden.']);
  });
});
