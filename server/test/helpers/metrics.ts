import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** One sample of the Prometheus text format: `name{label="value",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comment lines left out). */
export function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (match === null) return [];
    const [, name = '', labelText = '', value = ''] = match;
    const labels = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map(([, key = '', text = '']) => [key, text]),
    );
    return [{ name, labels, value: Number(value) }];
  });
}

/**
 * The value of the sample `name` whose labels are exactly `labels`; 0 when there is none (a
 * counter not counted yet).
 */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples(text).find(
    (sample) =>
      sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  );
  return found?.value ?? 0;
}

/** `GET /metrics` through `inject`, which must answer 200: the exposition text. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.body;
}
