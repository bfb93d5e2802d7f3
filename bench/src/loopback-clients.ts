import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { percentile } from './harness.ts';

/**
 * Clients of their own loopback addresses, for loads that per-client limits would otherwise stop:
 * on Linux all of 127.0.0.0/8 is loopback, so a client bound to 127.2.0.7 reaches the server on
 * 127.0.0.1 as another traveller on another address would, and the server's limits (which count
 * per client address) count it apart. Nothing in the server is told it is a benchmark.
 */

export interface Answer {
  status: number;
  body: Buffer;
  /** From sending the request to the answer's last byte. */
  ms: number;
}

/** The `index`-th address of a group of clients: 127.<group>.<…>.<…>, never 127.0.0.1. */
export function clientAddress(group: number, index: number): string {
  return `127.${group}.${Math.floor(index / 254)}.${1 + (index % 254)}`;
}

/** Fails early, with the reason, where loopback is 127.0.0.1 alone (macOS without aliases). */
export async function assertLoopbackRange(): Promise<void> {
  const address = clientAddress(1, 0);
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        new Error(`cannot bind ${address}: this benchmark needs 127.0.0.0/8 on loopback`, {
          cause: error,
        }),
      ),
    );
    probe.listen(0, address, () => probe.close(() => resolve()));
  });
}

/** One client: its own address and one kept-alive connection, requests one after another. */
export class LoopbackClient {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    readonly base: string,
    readonly address: string,
  ) {}

  /** Sends a request; a JSON body goes as the web app sends it (same-site Origin). */
  send(
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; json?: unknown } = {},
  ): Promise<Answer> {
    const payload =
      options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers = {
      ...options.headers,
      ...(payload
        ? {
            'content-type': 'application/json',
            'content-length': String(payload.length),
            origin: this.base,
          }
        : {}),
    };
    return new Promise((resolve, reject) => {
      const sent = performance.now();
      const outgoing = request(
        `${this.base}${path}`,
        { method, agent: this.#agent, localAddress: this.address, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
              ms: performance.now() - sent,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** What a load saw: every answer's latency and status, and requests that got no answer. */
export interface Sample {
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
  /** Requests that failed without an answer (refused, reset). */
  failures: number;
}

function emptySample(): Sample {
  return { seconds: 0, latencies: [], statuses: new Map(), failures: 0 };
}

function record(sample: Sample, answer: Answer): void {
  sample.latencies.push(answer.ms);
  sample.statuses.set(answer.status, (sample.statuses.get(answer.status) ?? 0) + 1);
}

/** Answers other than `expected`, and requests without an answer. */
export function unexpected(sample: Sample, expected = 200): number {
  let count = sample.failures;
  for (const [status, n] of sample.statuses) if (status !== expected) count += n;
  return count;
}

/** The statuses seen, `200 ×812, 429 ×3`. */
export function statusList(sample: Sample): string {
  const list = [...sample.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ×${n}`);
  if (sample.failures > 0) list.push(`no answer ×${sample.failures}`);
  return list.join(', ') || 'none';
}

/**
 * Every client sends `next(client)` again and again, each waiting for its answer (a closed loop),
 * for `seconds`; the rate is answers over the time until the last answer.
 */
export async function closedLoop(
  clients: readonly LoopbackClient[],
  seconds: number,
  next: (client: number) => { path: string; headers?: Record<string, string> },
): Promise<Sample> {
  const sample = emptySample();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client, index) => {
      while (performance.now() < deadline) {
        const { path, headers } = next(index);
        try {
          record(sample, await client.send('GET', path, headers ? { headers } : {}));
        } catch {
          sample.failures += 1;
        }
      }
    }),
  );
  sample.seconds = (performance.now() - started) / 1000;
  return sample;
}

/**
 * A light probe: each client sends GET `path`, then pauses `intervalMs` after the answer, until
 * stopped, as monitors or a few travellers would (the clients start spread over one pause); the
 * latencies show what the server's other work makes a cheap request wait.
 */
export function probe(
  clients: readonly LoopbackClient[],
  path: string,
  intervalMs: number,
): { stop(): Promise<Sample> } {
  const sample = emptySample();
  const started = performance.now();
  let running = true;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const loops = clients.map(async (client, index) => {
    await pause((index * intervalMs) / clients.length);
    while (running) {
      try {
        record(sample, await client.send('GET', path));
      } catch {
        sample.failures += 1;
      }
      await pause(intervalMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      sample.seconds = (performance.now() - started) / 1000;
      return sample;
    },
  };
}

export interface Latency {
  p50: number;
  p95: number;
  max: number;
}

export function latencyOf(latencies: readonly number[]): Latency {
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.reduce((a, b) => Math.max(a, b), 0),
  };
}

/** `p50 1.2 ms, p95 3.4 ms, max 9.9 ms`. */
export function latencyText(latency: Latency, withMax = true): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}` + (withMax ? `, max ${ms(latency.max)}` : '')
  );
}
