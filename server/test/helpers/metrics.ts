import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** `GET /metrics` through `inject`, which must answer 200: the exposition text. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.body;
}
