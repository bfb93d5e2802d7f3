import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@uniquair/server/db/dialect';
import { sampleValue } from '@uniquair/server/test/helpers/prometheus-text';
import {
  bookingRequest,
  findBookableFlight,
  setSeatsLeft,
  startBookingServer,
  type BenchDatabase,
  type BookableFlight,
} from '../booking-flow.ts';
import { DURATION_SECONDS, PINNED, ROUNDS, SHORT, seededSqlite } from '../harness.ts';
import {
  assertLoopbackRange,
  clientAddress,
  closedLoop,
  latencyOf,
  latencyText,
  LoopbackClient,
  probe,
  statusList,
  unexpected,
  type Sample,
} from '../loopback-clients.ts';

/** Paid bookings whose invoices are drawn in turn under load. */
const INVOICE_BOOKINGS = Number(process.env.BENCH_INVOICE_BOOKINGS ?? 10);
/**
 * Invoice downloads at once, and the baseline's connections. Fewer than the other benchmarks' 50:
 * a PDF takes the server about 80 ms, all PDFs in flight are drawn side by side, so at 50 one
 * round of downloads outlasts a short run and the figures are of that one round only.
 */
const INVOICE_CONNECTIONS = Number(process.env.BENCH_INVOICE_CONNECTIONS ?? 10);
/** Paid bookings cancelled, each once. */
const CANCELS = Number(process.env.BENCH_CANCELS ?? (SHORT ? 40 : 120));
/** Travellers cancelling at once, each on an address of its own. */
const CANCEL_CLIENTS = Number(process.env.BENCH_CANCEL_CLIENTS ?? 8);
/** Bookings made and paid at once while preparing (not timed). */
const SETUP_CLIENTS = 4;
/**
 * The light health probe: a few clients, each pausing after every answer; a few, so that its p95
 * in a short run rests on about a hundred answers, not thirty.
 */
const PROBE_CLIENTS = 4;
const PROBE_INTERVAL_MS = 20;
/** `POST …/cancel` answers 60 a minute per client address (CANCEL_RATE_LIMIT). */
const CANCELS_PER_CLIENT_MINUTE = 60;
/** How long the refunds may take to reach `refunded` after the last cancel. */
const REFUND_WAIT_SECONDS = 30;

/*
 * Budgets. Measured here on a shared two-core host (server pinned to one core, other test suites
 * running beside it), short mode, 10 connections, about 20 runs; set well above what was seen so
 * a slower CI host passes. They hold for the default knobs.
 *
 * - An invoice took 79–89 ms of server time (11–13 PDFs/s). The server draws the PDFs in flight
 *   side by side, so each download waits for the others: p95 0.96–1.6 s at 10 connections (and
 *   3.8–7.2 s at 50), 96–160 ms per connection. Budget: 450 ms per connection.
 * - The probe while PDFs are drawn is judged in PDFs: how many PDFs the server draws in that
 *   time. Its p95 was 1.7–7.4 PDFs (130–650 ms; high when several PDFs end at once, each ending
 *   in one long step), 7.4–9.2 with drawing that never gives the event loop back (tried). The
 *   two overlap, so the p95 ceiling is generous, 15 PDFs: it catches the loop held for seconds.
 *   The p50 was 0.7–0.9 PDFs (60–76 ms: one block of each PDF in flight per turn of the loop),
 *   2.3–5.6 without giving the loop back. Ceiling: 1.5 PDFs. Against the baseline health p95 the
 *   probe's p95 was 13–130×; that baseline is a few ms on a busy host and 0.7 ms on a quiet one,
 *   where the same run would read several hundred: printed, too unsteady to judge by.
 * - A cancel's p95 was 29–98 ms with 40 cancels by 8 clients, 260 ms in full mode (120 cancels,
 *   their refunds running beside them) on a busy host. Budget: 1 s.
 * - The gateway's webhooks (a payment's success at setup, each refund's during the cancels) are
 *   answered at once, their work queued (reference PAY-3: 2xx within 500 ms): judged on the
 *   server's own request-time histogram, at least 95 % of them within its 0.5 s bucket.
 */
const INVOICE_MS_PER_CONNECTION = 450;
const INVOICE_P95_BUDGET_MS = INVOICE_MS_PER_CONNECTION * INVOICE_CONNECTIONS;
const PROBE_P95_CEILING_PDFS = 15;
const PROBE_P50_CEILING_PDFS = 1.5;
const WEBHOOK_BUDGET_SECONDS = 0.5;
const WEBHOOK_SHARE_WITHIN_BUDGET = 0.95;
const CANCEL_P95_BUDGET_MS = 1_000;

/** Client address groups (127.<group>.x.y), so one phase's per-client limits never meet another's. */
const SETUP_GROUP = 1;
const INVOICE_GROUP = 2;
const CANCEL_GROUP = 3;

const DEVICE_TOKENS = 'x-booking-tokens';
const TEST_CARD = '4242424242424242';

interface PaidBooking {
  pnr: string;
  deviceToken: string;
}

/** Answers the parsed JSON body of a 200 answer, or throws with what came instead. */
function json<T>(what: string, answer: { status: number; body: Buffer }): T {
  if (answer.status !== 200) {
    throw new Error(`${what} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  }
  return JSON.parse(answer.body.toString()) as T;
}

/**
 * A card token of the sandbox gateway, as the pay page gets one: the booking's payment options
 * say where to tokenise and with which publishable key; the card fields go there, not to our API.
 * The token is reused for every payment of the run.
 */
async function cardToken(client: LoopbackClient, booking: PaidBooking): Promise<unknown> {
  const options = json<{ cardTokenization: { url: string; publishableKey: string } }>(
    'payment-options',
    await client.send('GET', `/api/booking/${booking.pnr}/payment-options`, {
      headers: { [DEVICE_TOKENS]: booking.deviceToken },
    }),
  );
  const { url, publishableKey } = options.cardTokenization;
  const response = await fetch(new URL(url, client.base), {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      holder: 'Ana Bench',
      number: TEST_CARD,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    }),
  });
  if (response.status !== 200) {
    throw new Error(`tokenising answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

/**
 * `count` one-adult bookings on `flight`, made and paid by card over HTTP as a traveller does,
 * `SETUP_CLIENTS` at a time. Not timed: it only prepares the bookings the figures are about.
 */
async function paidBookings(base: string, flight: BookableFlight, count: number) {
  const clients = Array.from(
    { length: SETUP_CLIENTS },
    (_, index) => new LoopbackClient(base, clientAddress(SETUP_GROUP, index)),
  );
  const body = bookingRequest(flight);
  const create = async (client: LoopbackClient): Promise<PaidBooking> => {
    const { pnr, deviceToken } = json<PaidBooking>(
      'create',
      await client.send('POST', '/api/booking/create', { json: body }),
    );
    return { pnr, deviceToken };
  };
  const pay = async (client: LoopbackClient, booking: PaidBooking, card: unknown) => {
    const paid = json<{ outcome: string }>(
      'pay',
      await client.send('POST', `/api/booking/${booking.pnr}/pay`, {
        headers: { [DEVICE_TOKENS]: booking.deviceToken, 'idempotency-key': randomUUID() },
        json: { method: 'CREDIT_CARD', card },
      }),
    );
    if (paid.outcome !== 'paid') throw new Error(`pay answered the outcome ${paid.outcome}`);
  };
  try {
    const [first] = clients as [LoopbackClient];
    const firstBooking = await create(first);
    const card = await cardToken(first, firstBooking);
    await pay(first, firstBooking, card);
    const made = [firstBooking];
    let begun = 1;
    await Promise.all(
      clients.map(async (client) => {
        while (begun < count) {
          begun += 1;
          const booking = await create(client);
          await pay(client, booking, card);
          made.push(booking);
        }
      }),
    );
    return made;
  } finally {
    for (const client of clients) client.close();
  }
}

/** Reads `count` every 200 ms until it is 0; fails with `what` (still …) after 60 s. */
async function untilNone(count: () => Promise<number>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await count()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} after 60 s`);
}

/** Waits until the outbox has no entry due: the paid bookings' e-mails drawn. */
function outboxDrained(database: BenchDatabase): Promise<void> {
  return untilNone(async () => {
    const due = await database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('processed_at', 'is', null)
      .where('available_at', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    return Number(due.count);
  }, 'the outbox still had entries due');
}

/** Waits until the sandbox gateway has delivered every webhook event it has written. */
function webhooksDelivered(database: BenchDatabase): Promise<void> {
  return untilNone(async () => {
    const undelivered = await database.db
      .selectFrom('gateway_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(undelivered.count);
  }, 'the gateway still had webhooks to deliver');
}

/**
 * The accepted webhooks (`POST /api/payments/webhook`, 2xx) as the server's request-time histogram
 * counts them on `/metrics`: all, within the budget and within 100 ms (two of its buckets).
 */
async function webhookTimes(
  origin: string,
  token: string,
): Promise<{ count: number; inBudget: number; within100Ms: number }> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  const labels = { method: 'POST', route: '/api/payments/webhook', status_class: '2xx' };
  const histogram = 'uniquair_http_request_duration_seconds';
  const within = (seconds: number) =>
    sampleValue(text, `${histogram}_bucket`, { ...labels, le: String(seconds) });
  return {
    count: sampleValue(text, `${histogram}_count`, labels),
    inBudget: within(WEBHOOK_BUDGET_SECONDS),
    within100Ms: within(0.1),
  };
}

/** Every sample of one kind over the rounds, as one. */
function pooled(samples: readonly Sample[]): Sample {
  const all: Sample = {
    seconds: 0,
    latencies: samples.flatMap((sample) => sample.latencies),
    statuses: new Map(),
    failures: 0,
  };
  for (const sample of samples) {
    all.seconds += sample.seconds;
    all.failures += sample.failures;
    for (const [status, n] of sample.statuses) {
      all.statuses.set(status, (all.statuses.get(status) ?? 0) + n);
    }
  }
  return all;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const rate = (sample: Sample) => sample.latencies.length / Math.max(sample.seconds, 0.001);

interface InvoiceFigures {
  health: Sample;
  idleProbe: Sample;
  invoices: Sample;
  loadedProbe: Sample;
}

/**
 * `ROUNDS` rounds of: `GET /api/health` on `INVOICE_CONNECTIONS` connections (the baseline); the
 * light probe alone; then the invoices of `bookings`, in turn, on as many connections (each its own
 * client address, as travellers are) with the probe running beside them.
 */
async function invoiceRounds(base: string, bookings: readonly PaidBooking[]) {
  const healthClients = Array.from(
    { length: INVOICE_CONNECTIONS },
    () => new LoopbackClient(base, '127.0.0.1'),
  );
  const invoiceClients = Array.from(
    { length: INVOICE_CONNECTIONS },
    (_, index) => new LoopbackClient(base, clientAddress(INVOICE_GROUP, index + 1)),
  );
  const probeClients = Array.from(
    { length: PROBE_CLIENTS },
    () => new LoopbackClient(base, '127.0.0.1'),
  );
  let turn = 0;
  const nextInvoice = () => {
    const booking = bookings[turn++ % bookings.length] as PaidBooking;
    return {
      path: `/api/booking/${booking.pnr}/invoice`,
      headers: { [DEVICE_TOKENS]: booking.deviceToken },
    };
  };
  const rounds: InvoiceFigures[] = [];
  try {
    // Warm up (JIT, fonts read, connections): each invoice once, one second of health.
    const warmer = new LoopbackClient(base, clientAddress(INVOICE_GROUP, 0));
    try {
      for (const _ of bookings) {
        const { path, headers } = nextInvoice();
        const answer = await warmer.send('GET', path, { headers });
        if (answer.status !== 200 || !answer.body.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
          throw new Error(`${path} answered ${answer.status}, not a PDF`);
        }
      }
    } finally {
      warmer.close();
    }
    await closedLoop(healthClients.slice(0, 4), 1, () => ({ path: '/api/health' }));
    for (let round = 0; round < ROUNDS; round += 1) {
      const health = await closedLoop(healthClients, DURATION_SECONDS, () => ({
        path: '/api/health',
      }));
      const idle = probe(probeClients, '/api/health', PROBE_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, Math.min(DURATION_SECONDS, 2) * 1000));
      const idleProbe = await idle.stop();
      const loaded = probe(probeClients, '/api/health', PROBE_INTERVAL_MS);
      const invoices = await closedLoop(invoiceClients, DURATION_SECONDS, nextInvoice);
      const loadedProbe = await loaded.stop();
      rounds.push({ health, idleProbe, invoices, loadedProbe });
    }
  } finally {
    for (const client of [...healthClients, ...invoiceClients, ...probeClients]) client.close();
  }
  return {
    health: pooled(rounds.map((r) => r.health)),
    idleProbe: pooled(rounds.map((r) => r.idleProbe)),
    invoices: pooled(rounds.map((r) => r.invoices)),
    loadedProbe: pooled(rounds.map((r) => r.loadedProbe)),
  };
}

/**
 * Each booking cancelled once, as the booking page does it: the quote, then the cancel with its
 * refund accepted and a fresh `Idempotency-Key`; `CANCEL_CLIENTS` travellers at once, each on its
 * own address, taking the next booking when done.
 */
async function cancelAll(base: string, bookings: readonly PaidBooking[]) {
  const clients = Array.from(
    { length: CANCEL_CLIENTS },
    (_, index) => new LoopbackClient(base, clientAddress(CANCEL_GROUP, index)),
  );
  const quotes: Sample = { seconds: 0, latencies: [], statuses: new Map(), failures: 0 };
  const cancels: Sample = { seconds: 0, latencies: [], statuses: new Map(), failures: 0 };
  const note = (sample: Sample, status: number, ms: number) => {
    sample.latencies.push(ms);
    sample.statuses.set(status, (sample.statuses.get(status) ?? 0) + 1);
  };
  /** Cancels whose answer was 200 but not `cancelled` with a refund. */
  let wrongAnswers = 0;
  const queue = [...bookings];
  const started = performance.now();
  try {
    await Promise.all(
      clients.map(async (client) => {
        for (let booking = queue.shift(); booking; booking = queue.shift()) {
          const headers = { [DEVICE_TOKENS]: booking.deviceToken };
          const quote = await client
            .send('GET', `/api/booking/${booking.pnr}/cancellation-quote`, { headers })
            .catch(() => null);
          if (quote === null) quotes.failures += 1;
          else note(quotes, quote.status, quote.ms);
          if (quote?.status !== 200) continue;
          const { refund } = JSON.parse(quote.body.toString()) as { refund: unknown };
          const cancel = await client
            .send('POST', `/api/booking/${booking.pnr}/cancel`, {
              headers: { ...headers, 'idempotency-key': randomUUID() },
              json: { acceptedRefund: refund },
            })
            .catch(() => null);
          if (cancel === null) cancels.failures += 1;
          else note(cancels, cancel.status, cancel.ms);
          if (cancel?.status !== 200) continue;
          const answer = JSON.parse(cancel.body.toString()) as {
            status: string;
            refund: unknown;
          };
          if (answer.status !== 'cancelled' || answer.refund === null) wrongAnswers += 1;
        }
      }),
    );
  } finally {
    for (const client of clients) client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  quotes.seconds = seconds;
  cancels.seconds = seconds;
  return { quotes, cancels, wrongAnswers };
}

/**
 * What the database says of the cancelled bookings once their refunds settled (waiting at most
 * `REFUND_WAIT_SECONDS`): each `cancelled`; one cancellation row with all it paid to give back
 * (the free window: booked now, flying in three weeks) and a credit note of its own; the refund
 * `refunded`, that state reached once; at the gateway one charge, refunded by that amount; and the
 * seats back in the fare class. Answers the violations found, described.
 */
async function consistency(
  database: BenchDatabase,
  bookings: readonly PaidBooking[],
  expectedSeatsLeft: { fareClassId: number; seats: number },
) {
  const pnrs = bookings.map((booking) => booking.pnr);
  const readRows = () =>
    database.db
      .selectFrom('bookings')
      .leftJoin('booking_cancellations', 'booking_cancellations.booking_id', 'bookings.id')
      .select([
        'bookings.pnr',
        'bookings.status',
        'booking_cancellations.id as cancellation',
        'booking_cancellations.paid_minor',
        'booking_cancellations.refund_minor',
        'booking_cancellations.refund_state',
        'booking_cancellations.credit_note_number',
      ])
      .where('bookings.pnr', 'in', pnrs)
      .execute();
  const settleStarted = performance.now();
  let rows = await readRows();
  while (
    rows.some((row) => row.refund_state !== 'refunded') &&
    performance.now() - settleStarted < REFUND_WAIT_SECONDS * 1000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rows = await readRows();
  }
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  const violations: string[] = [];
  const byPnr = groupBy(rows, (row) => row.pnr);
  const refundedEvents = await database.db
    .selectFrom('booking_refund_events')
    .innerJoin(
      'booking_cancellations',
      'booking_cancellations.id',
      'booking_refund_events.cancellation_id',
    )
    .innerJoin('bookings', 'bookings.id', 'booking_cancellations.booking_id')
    .select('bookings.pnr')
    .where('booking_refund_events.state', '=', 'refunded')
    .where('bookings.pnr', 'in', pnrs)
    .execute();
  const charges = groupBy(
    await database.db
      .selectFrom('gateway_payments')
      .select(['reference', 'status', 'amount', 'refunded_amount'])
      .where('reference', 'in', pnrs)
      .execute(),
    (charge) => charge.reference,
  );
  const creditNotes = new Set<string>();
  for (const pnr of pnrs) {
    const mine = byPnr.get(pnr) ?? [];
    const row = mine[0];
    const charge = charges.get(pnr) ?? [];
    const refundedOnce = refundedEvents.filter((event) => event.pnr === pnr).length;
    if (!row || mine.length !== 1 || row.cancellation === null) {
      violations.push(`${pnr}: ${mine.length} row(s), cancellation ${row?.cancellation ?? 'none'}`);
    } else if (row.status !== 'cancelled') violations.push(`${pnr}: status ${row.status}`);
    else if (row.refund_minor !== row.paid_minor || !row.refund_minor) {
      violations.push(`${pnr}: refund ${row.refund_minor} of ${row.paid_minor} paid`);
    } else if (row.refund_state !== 'refunded' || refundedOnce !== 1) {
      violations.push(`${pnr}: refund ${row.refund_state}, refunded ${refundedOnce} time(s)`);
    } else if (
      charge.length !== 1 ||
      charge[0]?.status !== 'refunded' ||
      charge[0].refunded_amount !== row.refund_minor
    ) {
      violations.push(`${pnr}: gateway ${JSON.stringify(charge)}, refund ${row.refund_minor}`);
    } else if (!row.credit_note_number || creditNotes.has(row.credit_note_number)) {
      violations.push(`${pnr}: credit note ${row.credit_note_number}`);
    }
    if (row?.credit_note_number) creditNotes.add(row.credit_note_number);
  }
  const fare = await database.db
    .selectFrom('fare_classes')
    .select('seats_left')
    .where('id', '=', expectedSeatsLeft.fareClassId)
    .executeTakeFirstOrThrow();
  if (fare.seats_left !== expectedSeatsLeft.seats) {
    violations.push(`seats left ${fare.seats_left}, expected ${expectedSeatsLeft.seats}`);
  }
  return { violations, settleSeconds, seatsLeft: fare.seats_left };
}

/**
 * Managing a booking (issue: invoice PDFs and cancellations against the health route in the same
 * run): on the real server (production mode, SQLite, the in-process sandbox gateway),
 * `INVOICE_BOOKINGS + CANCELS` bookings are made and paid by card over HTTP first (not timed).
 * Then, on that one server process:
 *
 * 1. `GET /api/health` on `INVOICE_CONNECTIONS` connections: the baseline, requests/s, latency;
 * 2. `GET /api/booking/{pnr}/invoice` of the paid bookings in turn on as many connections:
 *    PDFs per second and latency, while a light probe of `/api/health` shows what drawing them
 *    (on the server's event loop) makes a cheap request wait, against the same probe idle;
 * 3. `CANCELS` bookings cancelled once each (quote, then cancel) by `CANCEL_CLIENTS` travellers
 *    at once: cancellations per second and latency, then the database read back.
 *
 * Fails on any answer but 200 (a 5xx, a limit met, a refused cancel), a cancellation that is not
 * exactly one cancel with one refund, or a budget below broken.
 */
export async function manageBenchmark(): Promise<void> {
  await assertLoopbackRange();
  if (CANCELS / CANCEL_CLIENTS > CANCELS_PER_CLIENT_MINUTE) {
    throw new Error(
      `BENCH_CANCELS / BENCH_CANCEL_CLIENTS above ${CANCELS_PER_CLIENT_MINUTE}: ` +
        'the cancel route would refuse a client its cancels past that in a minute',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
  const databaseUrl = await seededSqlite(dataDir);
  const metricsToken = randomUUID();
  const app = await startBookingServer(databaseUrl, 'production', { METRICS_TOKEN: metricsToken });
  const database = openDatabase(databaseUrl);
  try {
    const flight = await findBookableFlight(app.url, database);
    const seats = INVOICE_BOOKINGS + CANCELS + 10;
    await setSeatsLeft(database, flight, seats);
    const setupStarted = performance.now();
    const made = await paidBookings(app.url, flight, INVOICE_BOOKINGS + CANCELS);
    await outboxDrained(database);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const forInvoices = made.slice(0, INVOICE_BOOKINGS);
    const forCancels = made.slice(INVOICE_BOOKINGS);

    const figures = await invoiceRounds(app.url, forInvoices);
    const cancelled = await cancelAll(app.url, forCancels);
    const checked = await consistency(database, forCancels, {
      fareClassId: flight.fareClassId,
      seats: seats - INVOICE_BOOKINGS,
    });

    await webhooksDelivered(database);
    const webhooks = await webhookTimes(app.url, metricsToken);

    const health = latencyOf(figures.health.latencies);
    const invoice = latencyOf(figures.invoices.latencies);
    const idle = latencyOf(figures.idleProbe.latencies);
    const loaded = latencyOf(figures.loadedProbe.latencies);
    const perPdfMs = 1000 / Math.max(rate(figures.invoices), 0.001);
    const probeInPdfs = { p50: loaded.p50 / perPdfMs, p95: loaded.p95 / perPdfMs };
    const quote = latencyOf(cancelled.quotes.latencies);
    const cancel = latencyOf(cancelled.cancels.latencies);
    console.log(
      `\nManage a booking: invoices and cancellations (SQLite, production; ${ROUNDS} round(s) × ` +
        `${DURATION_SECONDS} s, ${INVOICE_CONNECTIONS} connections` +
        `${PINNED ? ', server on core 0, client on the others' : ''})`,
    );
    console.log(
      `  setup, not timed: ${made.length} bookings made and paid by card in ` +
        `${setupSeconds.toFixed(1)} s (their e-mails drawn and queued)`,
    );
    console.log(
      `  baseline GET /api/health: ${rate(figures.health).toFixed(0)} req/s; ` +
        `${latencyText(health, false)}; answers ${statusList(figures.health)}`,
    );
    console.log(
      `  GET /api/booking/{pnr}/invoice, ${forInvoices.length} bookings in turn: ` +
        `${rate(figures.invoices).toFixed(1)} PDFs/s, ${perPdfMs.toFixed(0)} ms of server time each`,
    );
    console.log(
      `    ${latencyText(invoice)} (budget p95 ≤ ${INVOICE_P95_BUDGET_MS} ms, ` +
        `${INVOICE_MS_PER_CONNECTION} ms a connection); answers ${statusList(figures.invoices)}`,
    );
    console.log(
      `  health probe (${PROBE_CLIENTS} clients, each pausing ${PROBE_INTERVAL_MS} ms after an ` +
        `answer), idle: ` +
        `${latencyText(idle, false)}; answers ${statusList(figures.idleProbe)}`,
    );
    console.log(
      `    while PDFs are drawn: ${latencyText(loaded)}; answers ${statusList(figures.loadedProbe)}`,
    );
    console.log(
      `    in PDFs drawn meanwhile: p50 ${probeInPdfs.p50.toFixed(1)} ` +
        `(ceiling ${PROBE_P50_CEILING_PDFS}), p95 ${probeInPdfs.p95.toFixed(1)} ` +
        `(ceiling ${PROBE_P95_CEILING_PDFS}); p95 ` +
        `×${(loaded.p95 / Math.max(idle.p95, 0.001)).toFixed(0)} the idle probe's, ` +
        `×${(loaded.p95 / Math.max(health.p95, 0.001)).toFixed(0)} the baseline's`,
    );
    console.log(
      `  cancellations: ${forCancels.length} by ${CANCEL_CLIENTS} clients in ` +
        `${cancelled.cancels.seconds.toFixed(2)} s = ${rate(cancelled.cancels).toFixed(1)} ` +
        `cancellations/s (quote, then cancel)`,
    );
    console.log(`    quote ${latencyText(quote)}; answers ${statusList(cancelled.quotes)}`);
    console.log(
      `    cancel ${latencyText(cancel)} (budget p95 ≤ ${CANCEL_P95_BUDGET_MS} ms); ` +
        `answers ${statusList(cancelled.cancels)}`,
    );
    console.log(
      `  read back: ${forCancels.length - checked.violations.length} of ${forCancels.length} ` +
        `cancelled with one refund, refunded once at the gateway (all settled ` +
        `${checked.settleSeconds.toFixed(1)} s after the last cancel), seats left ` +
        `${checked.seatsLeft}; violations ${checked.violations.length} (must be 0)`,
    );
    for (const violation of checked.violations.slice(0, 5)) console.log(`    ${violation}`);
    console.log(
      `  gateway webhooks accepted (POST /api/payments/webhook, 2xx, the server's histogram): ` +
        `${webhooks.count}, ${webhooks.inBudget} within ${WEBHOOK_BUDGET_SECONDS * 1000} ms ` +
        `(budget ≥ ${WEBHOOK_SHARE_WITHIN_BUDGET * 100} %), ${webhooks.within100Ms} within 100 ms`,
    );

    const failures: string[] = [];
    const answers = [
      ['health', figures.health],
      ['invoice', figures.invoices],
      ['probe', pooled([figures.idleProbe, figures.loadedProbe])],
      ['quote', cancelled.quotes],
      ['cancel', cancelled.cancels],
    ] as const;
    for (const [name, sample] of answers) {
      const count = unexpected(sample);
      if (count > 0) failures.push(`${count} ${name} answer(s) not 200: ${statusList(sample)}`);
    }
    if (cancelled.wrongAnswers > 0) {
      failures.push(`${cancelled.wrongAnswers} cancel answer(s) not cancelled with a refund`);
    }
    if (checked.violations.length > 0) {
      failures.push(`${checked.violations.length} cancellation(s) inconsistent`);
    }
    if (invoice.p95 > INVOICE_P95_BUDGET_MS) {
      failures.push(`invoice p95 ${invoice.p95.toFixed(0)} ms > ${INVOICE_P95_BUDGET_MS} ms`);
    }
    if (probeInPdfs.p50 > PROBE_P50_CEILING_PDFS || probeInPdfs.p95 > PROBE_P95_CEILING_PDFS) {
      failures.push(
        `health probe under PDFs as long as ${probeInPdfs.p50.toFixed(1)} (p50) and ` +
          `${probeInPdfs.p95.toFixed(1)} (p95) PDFs: ceilings ${PROBE_P50_CEILING_PDFS} and ` +
          `${PROBE_P95_CEILING_PDFS}`,
      );
    }
    // Each payment and each refund sends at least one.
    if (webhooks.count < made.length) {
      failures.push(`${webhooks.count} webhook(s) accepted for ${made.length} payments`);
    } else if (webhooks.inBudget < WEBHOOK_SHARE_WITHIN_BUDGET * webhooks.count) {
      failures.push(
        `${webhooks.count - webhooks.inBudget} of ${webhooks.count} webhooks answered after ` +
          `${WEBHOOK_BUDGET_SECONDS * 1000} ms`,
      );
    }
    if (cancel.p95 > CANCEL_P95_BUDGET_MS) {
      failures.push(`cancel p95 ${cancel.p95.toFixed(0)} ms > ${CANCEL_P95_BUDGET_MS} ms`);
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
  } finally {
    await database.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
