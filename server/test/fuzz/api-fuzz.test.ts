import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { addDays } from '@uniquair/domain/dates/ymd';
import { createAccount, signIn } from '../helpers/accounts.ts';
import { bookingBody, buildBookingTestApp, createBooking, searchTrip } from '../helpers/booking.ts';
import type { TestApp } from '../helpers/build.ts';
import { testClock } from '../helpers/clock.ts';
import { TEST_TODAY } from '../helpers/database.ts';
import { listenLocally } from '../helpers/search-api.ts';
import {
  codeOf,
  keepAliveAgent,
  problemsOf,
  send,
  type FuzzAnswer,
  type FuzzCredentials,
  type Problem,
} from './fuzz-client.ts';
import {
  headSizeOf,
  operationsOf,
  requestsOf,
  type FuzzRequest,
  type Operation,
} from './fuzz-requests.ts';
import { SchemaArbitraries, type Hints } from './schema-arbitraries.ts';

/*
 * Fuzzing over HTTP (docs/api.md "Fuzzing"): every operation of the served OpenAPI document gets
 * FUZZ_RUNS requests (200 by default) built from its schemas — valid ones, and mutations of valid
 * ones (wrong types, missing fields, huge strings and numbers, odd unicode, bad percent-encoding,
 * extra fields, wrong or empty bodies, wrong methods, huge headers) — sent to the real server
 * listening on a port, with a signed-in session and a booking's device token on a share of them.
 * No answer may be a 5xx; every 4xx is the structured error body with a human message; the
 * server answers its health check at the end. The seed is printed; FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/**
 * A fixed seed by default, so a run is the same on every machine and CI cannot turn red on an
 * unrelated change; `FUZZ_SEED=random` (or any number) explores other requests.
 */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_126);
/** Bytes of request line and headers above which a request is sent alone (Node allows 16 KB). */
const OVERSIZED_HEAD = 8_192;
/** Requests in flight at once. */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);

/** One answer that broke a rule, with the request that got it. */
interface Failure extends Problem {
  request: FuzzRequest;
  answer: FuzzAnswer;
}

/** Mutations whose body is still JSON: a signed-out request among them must hear 401 first. */
const JSON_BODY_KINDS = new Set([
  'valid',
  'wrong type',
  'missing required field',
  'odd unicode',
  'extra fields',
  'huge number',
  'negative number',
]);

let testApp: TestApp;
let base: URL;
let credentials: FuzzCredentials;
let hints: Hints;

beforeAll(async () => {
  const clock = testClock();
  // X-Forwarded-For is trusted, so each fuzzed request counts as a client of its own against the
  // per-address limits (they would otherwise answer 429 to nearly everything); search starts
  // are not limited either.
  testApp = await buildBookingTestApp(clock, { TRUST_PROXY: 'true', SEARCH_INITS_PER_MINUTE: '0' });
  const { app } = testApp;
  base = new URL(await listenLocally(testApp));
  const account = await createAccount(app);
  const search = await searchTrip(app);
  const created = await createBooking(app, bookingBody(search));
  expect(created.statusCode, created.body).toBe(200);
  const booking = CreateBookingResponseSchema.parse(created.json());
  credentials = { cookie: await signIn(app, account), tokens: booking.deviceToken };
  const flights = search.result.results.flatMap((result) => result.flights);
  const dates = [7, 14, 21, 35, 60, 120].map((days) => addDays(TEST_TODAY, days));
  const routes = search.result.routes;
  hints = {
    pnr: [booking.pnr, booking.pnr.toLowerCase()],
    hash: [search.hash],
    searchHash: [search.hash],
    route: routes.map((route) => route.id),
    routeId: routes.map((route) => String(route.id)),
    airportId: routes.map((route) => route.from),
    date: dates,
    year: ['2026', '2027'],
    month: ['11', '12', '1'],
    flightId: flights.slice(0, 5).map((flight) => flight.id),
    ids: flights.slice(0, 5).map((flight) => flight.id),
    fareClass: flights
      .slice(0, 5)
      .flatMap((flight) => flight.fareClasses.map((fare) => fare.letter)),
    email: [account.email],
    birthDate: ['1990-05-17', addDays(TEST_TODAY, -400), addDays(TEST_TODAY, -3000)],
    documentExpiry: [addDays(TEST_TODAY, 2000)],
    nationality: ['RO', 'DE', 'GB'],
  };
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** Runs `work` on every item, at most `limit` at once. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** A client address per request; one in ten shares one address, so the limits are met too. */
function clientOf(index: number): string {
  if (index % 10 === 0) return '203.0.113.7';
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** How a request is written in the report, to replay it by hand. */
function described(failure: Failure): string {
  const { request, answer } = failure;
  const body = request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body));
  const shown = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} characters)` : body;
  const url =
    answer.url.length > 160
      ? `${answer.url.slice(0, 160)}… (${answer.url.length} characters)`
      : answer.url;
  const headers = Object.entries(request.headers)
    .map(
      ([name, value]) =>
        `${name}: ${value.length > 40 ? `${value.slice(0, 40)}… (${value.length})` : value}`,
    )
    .join('; ');
  return [
    `${request.method} ${url} [${request.kind}; credentials ${request.credentials}]`,
    headers ? `    headers ${headers}` : '',
    shown ? `    body ${shown}` : '',
    `    → ${answer.status} ${failure.problem}: ${failure.detail.slice(0, 200)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

describe('the API under fuzzing', () => {
  it('answers every generated request without a 5xx, with the error body on every 4xx, and stays healthy', async () => {
    const documentResponse = await fetch(new URL('/api/openapi.json', base));
    expect(documentResponse.status).toBe(200);
    const document = (await documentResponse.json()) as Parameters<typeof operationsOf>[0];
    const arbitraries = new SchemaArbitraries(document.components?.schemas ?? {}, hints);
    // Signing out ends the fixture session: that operation goes last.
    const operations = operationsOf(document).sort(
      (a, b) => Number(a.path === '/api/users/sign-out') - Number(b.path === '/api/users/sign-out'),
    );
    const requests: { operation: Operation; request: FuzzRequest }[] = operations.flatMap(
      (operation, index) =>
        fc
          .sample(requestsOf(operation, arbitraries), { seed: SEED + index, numRuns: RUNS })
          .map((request) => ({ operation, request })),
    );
    console.log(
      `API fuzzing: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} requests per operation`,
    );

    const started = performance.now();
    const agent = keepAliveAgent(CONCURRENCY);
    const target = { base, agent, credentials };
    const answers: { request: FuzzRequest; answer: FuzzAnswer }[] = [];
    const failures: Failure[] = [];
    const run = async (
      { operation, request }: (typeof requests)[number],
      index: number,
    ): Promise<void> => {
      const answer = await send(target, operation.path, request, clientOf(index));
      answers.push({ request, answer });
      for (const problem of problemsOf(answer)) failures.push({ ...problem, request, answer });
      // A path whose parameter is empty names no route at all: 404 is its answer.
      const namesARoute = Object.values({ ...request.pathParams, ...request.rawPathParams }).every(
        (value) => value !== '',
      );
      if (request.kind === 'wrong method' && answer.status === 404 && namesARoute) {
        failures.push({
          problem: 'wrong method not 405',
          detail: answer.body.slice(0, 200),
          request,
          answer,
        });
      }
    };
    // Requests whose head passes Node's 16 KB limit go one at a time after the others: the
    // connection that sent one is torn down, and now and then a request sent beside it.
    const oversized = (item: (typeof requests)[number]) =>
      headSizeOf(item.operation.path, item.request) > OVERSIZED_HEAD;
    await inPool(
      requests.filter((item) => !oversized(item)),
      CONCURRENCY,
      run,
    );
    await inPool(requests.filter(oversized), 1, run);
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;

    // An operation that answered 401 to a valid signed-out request needs a session; then every
    // signed-out request to it with a JSON body must hear 401, not a validation error.
    const signedOut = ({ request }: { request: FuzzRequest }) =>
      !request.credentials.startsWith('session');
    const needsSession = new Set(
      answers
        .filter(
          (a) =>
            signedOut(a) &&
            a.request.kind === 'valid' &&
            a.answer.status === 401 &&
            codeOf(a.answer) === 'ERROR_UNAUTHORIZED',
        )
        .map((a) => a.request.operation),
    );
    for (const a of answers) {
      if (
        needsSession.has(a.request.operation) &&
        signedOut(a) &&
        JSON_BODY_KINDS.has(a.request.kind) &&
        a.answer.status === 400
      ) {
        failures.push({
          problem: 'signed-out request validated before 401',
          detail: a.answer.body.slice(0, 200),
          ...a,
        });
      }
    }

    const health = await fetch(new URL('/api/health', base));
    const healthy = health.status === 200;

    // The report: coverage, answers by status, failures by class with samples.
    const byStatus = new Map<number, number>();
    for (const { answer } of answers)
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const withSession = answers.filter(
      (a) => needsSession.has(a.request.operation) && !signedOut(a),
    );
    const pastAuth = withSession.filter((a) => a.answer.status !== 401).length;
    console.log(
      `${operations.length} operations, ${answers.length} requests in ${seconds.toFixed(1)} s ` +
        `(${(answers.length / seconds).toFixed(0)}/s, ${CONCURRENCY} at once); answers by status: ` +
        [...byStatus.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status} ×${n}`)
          .join(', ') +
        `; ${pastAuth} of ${withSession.length} signed-in requests to the ${needsSession.size} operations that need a session got past the sign-in check`,
    );
    const groups = new Map<string, Failure[]>();
    for (const failure of failures) {
      const key = `${failure.request.operation}: ${failure.problem}`;
      groups.set(key, [...(groups.get(key) ?? []), failure]);
    }
    for (const [key, list] of [...groups.entries()].sort()) {
      // What differs inside a class (the operation, the message), most frequent first.
      const kinds = new Map<string, number>();
      for (const f of list) {
        const kind = `${f.request.operation} → ${f.answer.status} ${f.problem}: ${f.detail.slice(0, 90)}`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      const common = [...kinds.entries()].sort(([, a], [, b]) => b - a).slice(0, 12);
      console.log(
        `\n${key} — ${list.length} request(s), e.g.\n${list.slice(0, 2).map(described).join('\n')}` +
          `\n  ${kinds.size} distinct, most frequent:\n${common.map(([kind, n]) => `    ×${n} ${kind}`).join('\n')}`,
      );
    }
    expect(healthy, 'GET /api/health answers 200 after the run').toBe(true);
    expect(
      failures.length,
      `${failures.length} answer(s) broke the rules (seed ${SEED}); first:\n${failures.slice(0, 5).map(described).join('\n')}`,
    ).toBe(0);
  }, 600_000);
});
