import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../../test/helpers/build.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';

/** Answers after this long: the request is still running when the server starts closing. */
const SLOW_ANSWER_MS = 300;

/**
 * A closing server (SIGTERM in production) is not held open by a kept-alive connection whose
 * request was running when it began to close: once answered, that connection is closed too,
 * rather than kept for the 72 s keep-alive time.
 */
describe('closing with kept-alive connections', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  /** Called when `/slow-answer` begins, so the test closes the app while it runs. */
  let slowAnswerBegan = (): void => undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(database.url),
      database,
      logger: false,
      instrument: (bare) => {
        bare.get('/slow-answer', async () => {
          slowAnswerBegan();
          await sleep(SLOW_ANSWER_MS);
          return { answered: true };
        });
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('closes a connection answered after closing began, and the server closes', async () => {
    const agent = new Agent({ keepAlive: true });
    let socket: Socket | undefined;
    const began = new Promise<void>((resolve) => (slowAnswerBegan = resolve));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port, path: '/slow-answer', agent },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      outgoing.on('socket', (opened) => (socket = opened));
      outgoing.on('error', reject);
      outgoing.end();
    });
    // Closing once the request runs (not after a fixed wait: on a busy machine the connection may
    // not even be accepted by then, and a closing server refuses it).
    await began;
    const closing = app.close();

    // The request that was running is answered in full…
    expect(await answer).toEqual({ status: 200, body: '{"answered":true}' });
    // …then its connection is closed by the server, and the server's close completes.
    const opened = socket;
    if (!opened) throw new Error('the request had no socket');
    if (!opened.destroyed) await new Promise((resolve) => opened.once('close', resolve));
    await closing;
    expect(app.server.listening).toBe(false);
    agent.destroy();
  });
});
