import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_TICKETS,
  SupportTicketResponseSchema,
  SupportTicketsResponseSchema,
} from '@uniquair/contract/support';
import { callAs, createAccount, signIn } from '../../../test/helpers/accounts.ts';
import {
  appOptionsOn,
  bookingBody,
  createBookingAtCurrentPrice,
  searchTrip,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { startPaymentsTestApp, type PaymentsTestApp } from '../../../test/helpers/payments.ts';
import { PAYMENT_TEST_ENV } from '../../../test/helpers/payments-test-kit.ts';

const TICKET = {
  subject: 'Seat for my child',
  shortDescription: 'Can my daughter sit next to me?',
  description: 'We are booked on the same flight but the check-in gave us seats apart.',
};

/**
 * The traveller's support tickets through the API (docs/support.md): who may see and change
 * which ticket, the open-ticket limit under concurrency, replies, closing and reopening, tickets
 * about a booking, and a draft sent twice with one key.
 */
describe(`support tickets (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  let app: FastifyInstance;

  const clock = testClock();

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    app = test.app;
  });

  afterAll(() => test.close());

  async function traveller(): Promise<string> {
    return signIn(app, await createAccount(app));
  }

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string | null,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => callAs(app, method, url, cookie, payload, headers);

  async function open(cookie: string, body: Record<string, unknown> = TICKET) {
    const response = await call('POST', '/api/support/tickets', cookie, body);
    expect(response.statusCode, response.body).toBe(200);
    return SupportTicketResponseSchema.parse(response.json()).ticket;
  }

  it('shows and changes a ticket for its traveller only: others (agents too) get 404, anonymous callers 401', async () => {
    const owner = await traveller();
    const other = await traveller();
    // The team reads tickets at the desk; the traveller's routes are a traveller's own, for agents too.
    const agentAccount = await createAccount(app);
    expect(await app.userRoles.grant(agentAccount.email, 'support_agent')).toBe(true);
    const agent = await signIn(app, agentAccount);
    const ticket = await open(owner);
    expect(ticket).toMatchObject({ ...TICKET, status: 'open', pnr: null, messages: [] });

    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', `/api/support/tickets/${ticket.id}`],
      ['POST', `/api/support/tickets/${ticket.id}/messages`, { body: 'Any news?' }],
      ['POST', `/api/support/tickets/${ticket.id}/close`],
      ['POST', `/api/support/tickets/${ticket.id}/reopen`],
    ];
    for (const [method, url, payload] of routes) {
      expectApiError(await call(method, url, other, payload), 404, 'NOT_FOUND');
      expectApiError(await call(method, url, agent, payload), 404, 'NOT_FOUND');
      expectApiError(await call(method, url, null, payload), 401, 'ERROR_UNAUTHORIZED');
    }
    expectApiError(await call('GET', '/api/support/tickets', null), 401, 'ERROR_UNAUTHORIZED');
    expectApiError(
      await call('POST', '/api/support/tickets', null, TICKET),
      401,
      'ERROR_UNAUTHORIZED',
    );
    const othersList = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets', other)).json(),
    );
    expect(othersList.tickets).toEqual([]);
    // Nothing the others tried changed the ticket.
    const after = await call('GET', `/api/support/tickets/${ticket.id}`, owner);
    expect(SupportTicketResponseSchema.parse(after.json()).ticket).toMatchObject({
      status: 'open',
      messages: [],
    });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('refuses text too long or empty, and a booking that is not the traveller’s', async () => {
    const cookie = await traveller();
    const tooLong = await call('POST', '/api/support/tickets', cookie, {
      ...TICKET,
      subject: 'x'.repeat(121),
    });
    expectApiError(tooLong, 400, 'VALIDATION_ERROR');
    expect(tooLong.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(
      'body.subject',
    );
    expectApiError(
      await call('POST', '/api/support/tickets', cookie, { ...TICKET, description: '   ' }),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(
      await call('POST', '/api/support/tickets', cookie, {
        ...TICKET,
        description: 'x'.repeat(10_001),
      }),
      400,
      'VALIDATION_ERROR',
    );

    // A booking of another traveller (or of nobody) cannot be named; one's own can.
    const trip = await searchTrip(app, { days: 25, oneWay: true });
    const mine = await createBookingAtCurrentPrice(app, bookingBody(trip), { cookie });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await createBookingAtCurrentPrice(app, bookingBody(trip), {
      cookie: await traveller(),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirPnr = theirs.json<{ pnr: string }>().pnr;
    const refused = await call('POST', '/api/support/tickets', cookie, {
      ...TICKET,
      pnr: theirPnr,
    });
    expectApiError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.json<{ errors: Record<string, string[]> }>().errors['body.pnr']).toEqual([
      'This booking reference is not one of your bookings.',
    ]);
    const myPnr = mine.json<{ pnr: string }>().pnr;
    const about = await open(cookie, { ...TICKET, pnr: myPnr.toLowerCase() });
    expect(about.pnr).toBe(myPnr);
    const list = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets', cookie)).json(),
    );
    expect(list.tickets.map((ticket) => ticket.id)).toEqual([about.id]);
  });

  it('lets 20 tickets opened at once through only up to the limit, then says so', async () => {
    const cookie = await traveller();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('POST', '/api/support/tickets', cookie, { ...TICKET, subject: `Question ${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX_OPEN_TICKETS);
    for (const answer of answers.filter((response) => response.statusCode !== 200)) {
      expectApiError(answer, 429, 'TOO_MANY_OPEN_TICKETS');
      expect(answer.json<{ errors: Record<string, string[]> }>().errors._).toEqual([
        'You have too many open tickets',
      ]);
    }
    const list = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets?status=open', cookie)).json(),
    );
    expect(list.open).toBe(MAX_OPEN_TICKETS);
    expect(list.tickets).toHaveLength(MAX_OPEN_TICKETS);

    // Closing one makes room; reopening it while five are open again is refused.
    const first = list.tickets[0];
    if (!first) throw new Error('no ticket');
    const closed = await call('POST', `/api/support/tickets/${first.id}/close`, cookie);
    expect(SupportTicketResponseSchema.parse(closed.json()).ticket.status).toBe('closed');
    await open(cookie);
    expectApiError(
      await call('POST', `/api/support/tickets/${first.id}/reopen`, cookie),
      429,
      'TOO_MANY_OPEN_TICKETS',
    );
    const closedList = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets?status=closed', cookie)).json(),
    );
    expect(closedList.tickets.map((ticket) => ticket.id)).toEqual([first.id]);
  });

  it('takes replies on an open ticket only, and lists the ticket with the latest activity first', async () => {
    const cookie = await traveller();
    const older = await open(cookie, { ...TICKET, subject: 'Older' });
    clock.advance(60_000);
    const newer = await open(cookie, { ...TICKET, subject: 'Newer' });
    clock.advance(60_000);
    const replied = await call('POST', `/api/support/tickets/${older.id}/messages`, cookie, {
      body: '  Still waiting for an answer.  ',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(SupportTicketResponseSchema.parse(replied.json()).ticket.messages).toEqual([
      expect.objectContaining({ author: 'traveller', body: 'Still waiting for an answer.' }),
    ]);
    const list = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets', cookie)).json(),
    );
    expect(list.tickets.map((ticket) => ticket.id)).toEqual([older.id, newer.id]);

    await call('POST', `/api/support/tickets/${older.id}/close`, cookie);
    expectApiError(
      await call('POST', `/api/support/tickets/${older.id}/messages`, cookie, { body: 'Hello?' }),
      409,
      'TICKET_CLOSED',
    );
    const reopened = await call('POST', `/api/support/tickets/${older.id}/reopen`, cookie);
    expect(SupportTicketResponseSchema.parse(reopened.json()).ticket.status).toBe('open');
    expect(
      (await call('POST', `/api/support/tickets/${older.id}/messages`, cookie, { body: 'Hello?' }))
        .statusCode,
    ).toBe(200);
  });

  it('opens one ticket for a draft sent again with the same key, even at the same time', async () => {
    const cookie = await traveller();
    const key = randomUUID();
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', '/api/support/tickets', cookie, TICKET, { 'idempotency-key': key }),
      ),
    );
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of answers.filter((response) => response.statusCode !== 200)) {
      expectApiError(answer, 409, 'IDEMPOTENCY_KEY_IN_USE');
    }
    const again = await call('POST', '/api/support/tickets', cookie, TICKET, {
      'idempotency-key': key,
    });
    expect(again.body).toBe(done[0]?.body);
    const list = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets', cookie)).json(),
    );
    expect(list.tickets).toHaveLength(1);
  });

  it('refuses a malformed key, saying which header, and opens nothing', async () => {
    const cookie = await traveller();
    const refused = expectApiError(
      await call('POST', '/api/support/tickets', cookie, TICKET, { 'idempotency-key': 'short' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(refused.errors)).toEqual(['headers.idempotency-key']);
    const list = SupportTicketsResponseSchema.parse(
      (await call('GET', '/api/support/tickets', cookie)).json(),
    );
    expect(list.tickets).toHaveLength(0);
  });

  it('adds a reply drafted offline once when it is sent twice with its key, even at the same time', async () => {
    const cookie = await traveller();
    const ticket = await open(cookie);
    const key = randomUUID();
    const draft = { body: 'Written on the plane, sent on landing.' };
    const send = (body = draft) =>
      call('POST', `/api/support/tickets/${ticket.id}/messages`, cookie, body, {
        'idempotency-key': key,
      });
    const answers = await Promise.all([send(), send()]);
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of answers.filter((response) => response.statusCode !== 200)) {
      expectApiError(answer, 409, 'IDEMPOTENCY_KEY_IN_USE');
    }
    // Sent again once the first answer is in: the same answer, byte for byte.
    expect((await send()).body).toBe(done[0]?.body);
    // The key belongs to that draft: another text under it is refused.
    expectApiError(await send({ body: 'Something else' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    const read = SupportTicketResponseSchema.parse(
      (await call('GET', `/api/support/tickets/${ticket.id}`, cookie)).json(),
    ).ticket;
    expect(read.messages.map((message) => message.body)).toEqual([draft.body]);
    // Without a key every reply is a new message.
    await call('POST', `/api/support/tickets/${ticket.id}/messages`, cookie, draft);
    const after = SupportTicketResponseSchema.parse(
      (await call('GET', `/api/support/tickets/${ticket.id}`, cookie)).json(),
    ).ticket;
    expect(after.messages).toHaveLength(2);
  });

  it('documents the support routes in the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(document.paths['/api/support/tickets'] ?? {})).toEqual(['get', 'post']);
    for (const path of ['', '/messages', '/close', '/reopen']) {
      expect(document.paths[`/api/support/tickets/{id}${path}`]).toBeDefined();
    }
  });
});
