import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeskTicketsResponseSchema,
  SupportEmailVerifyResponseSchema,
  SupportTicketResponseSchema,
  SupportTicketsResponseSchema,
} from '@uniquair/contract/support';
import {
  createAccount,
  callAs,
  freshEmail,
  signIn,
  type TestAccount,
} from '../../../test/helpers/accounts.ts';
import {
  appOptionsOn,
  bookingBody,
  createBooking,
  searchTrip,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { startPaymentsTestApp, type PaymentsTestApp } from '../../../test/helpers/payments.ts';
import { PAYMENT_TEST_ENV } from '../../../test/helpers/payments-test-kit.ts';
import { visitorCookieName } from './support.caller.ts';

const REQUEST = {
  subject: 'Lost my boarding pass',
  description: 'I cannot find the boarding pass.\nCould you send it again?',
};

/**
 * Support for visitors without an account through the API (docs/support.md "Visitors without an
 * account"): the request waits for the e-mailed link, the link is used once and lets the browser
 * in to the visitor's tickets only, the team's reply e-mails a link that opens the ticket, and an
 * account with that confirmed address takes the tickets over.
 */
describe(`support for visitors without an account (${dialectUnderTest()})`, () => {
  const clock = testClock();
  let test: PaymentsTestApp;
  let app: FastifyInstance;
  let agent: TestAccount;
  const cookieName = visitorCookieName(false);

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    app = test.app;
    agent = await createAccount(app, { firstName: 'Agent' });
    expect(await app.userRoles.grant(agent.email, 'support_agent')).toBe(true);
  });

  afterAll(() => test.close());

  /** A new session of the agent (the tests move the clock past a session's idle time). */
  const agentCookie = () => signIn(app, agent);

  const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: unknown) =>
    callAs(app, method, url, cookie, payload);

  /** The e-mails of a kind sent to an address, oldest first. */
  function mails(to: string, kind: string) {
    return app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  }

  /** The token of the last support link e-mailed to an address. */
  async function lastToken(to: string, kind: string): Promise<string> {
    const sent = await mails(to, kind);
    const text = sent.at(-1)?.text_body ?? '';
    const match = /\/(\w{2}(?:_\w{2})?)\/support\/email\/([0-9a-f]{40})\/verify/.exec(text);
    expect(match, text).not.toBeNull();
    return match?.[2] ?? '';
  }

  async function request(email: string, extra: Record<string, unknown> = {}) {
    return call('POST', '/api/support/requests', null, { email, ...REQUEST, ...extra });
  }

  /** Uses a link: the visitor's cookie (as a `cookie` header) and the ticket it leads to. */
  async function useLink(token: string): Promise<{ cookie: string; ticketId: number }> {
    const used = await call('POST', `/api/support/email/${token}/verify`, null, {});
    expect(used.statusCode, used.body).toBe(200);
    const { next } = SupportEmailVerifyResponseSchema.parse(used.json());
    const cookie = used.cookies.find((item) => item.name === cookieName);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    return {
      cookie: `${cookieName}=${cookie?.value ?? ''}`,
      ticketId: Number(next.split('/').at(-1)),
    };
  }

  async function queue(q: string) {
    const response = await call(
      'GET',
      `/api/support/desk/tickets?q=${encodeURIComponent(q)}`,
      await agentCookie(),
    );
    return DeskTicketsResponseSchema.parse(response.json()).tickets;
  }

  it('confirms the address by the e-mailed link, once, and lets that browser into the ticket', async () => {
    const email = freshEmail('visitor');
    const asked = await request(email.toUpperCase(), { locale: 'de' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ success: true, status: 'awaiting_verification' });

    // The e-mail, in the visitor's language, carries the link; the database only its hash.
    const [mail] = await mails(email, 'supportVerify');
    expect(mail?.text_body).toMatch(/\/de\/support\/email\/[0-9a-f]{40}\/verify/);
    const token = await lastToken(email, 'supportVerify');
    const stored = await app.db.selectFrom('support_visitor_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Unconfirmed, the ticket is nowhere: not in the desk's queue.
    expect(await queue(email)).toEqual([]);

    // The page is the same whatever the token; it uses nothing.
    const page = await call('GET', `/api/support/email/${token}/verify`, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).not.toContain(token);

    const { cookie, ticketId } = await useLink(token);
    expectApiError(
      await call('POST', `/api/support/email/${token}/verify`, null, {}),
      410,
      'LINK_EXPIRED',
    );

    // Confirmed, it waits in the desk's queue.
    expect((await queue(email)).map((ticket) => ticket.id)).toEqual([ticketId]);

    // The visitor reads, answers, closes and reopens it.
    const list = await call('GET', '/api/support/tickets', cookie);
    expect(SupportTicketsResponseSchema.parse(list.json()).tickets.map((t) => t.id)).toEqual([
      ticketId,
    ]);
    const read = SupportTicketResponseSchema.parse(
      (await call('GET', `/api/support/tickets/${ticketId}`, cookie)).json(),
    ).ticket;
    expect(read).toMatchObject({
      subject: REQUEST.subject,
      shortDescription: 'I cannot find the boarding pass.',
      description: REQUEST.description,
      status: 'open',
    });
    const answered = await call('POST', `/api/support/tickets/${ticketId}/messages`, cookie, {
      body: 'It was for flight tomorrow.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const closed = await call('POST', `/api/support/tickets/${ticketId}/close`, cookie);
    expect(SupportTicketResponseSchema.parse(closed.json()).ticket.status).toBe('closed');
    const reopened = await call('POST', `/api/support/tickets/${ticketId}/reopen`, cookie);
    expect(SupportTicketResponseSchema.parse(reopened.json()).ticket.status).toBe('open');

    // Opening a ticket stays for signed-in travellers.
    expectApiError(
      await call('POST', '/api/support/tickets', cookie, {
        ...REQUEST,
        shortDescription: 'x',
      }),
      401,
      'ERROR_UNAUTHORIZED',
    );
  });

  it('refuses an expired link and a cookie nobody issued', async () => {
    const email = freshEmail('late');
    expect((await request(email)).statusCode).toBe(202);
    const token = await lastToken(email, 'supportVerify');
    clock.advance(24 * 3_600_000 + 1_000);
    expectApiError(
      await call('POST', `/api/support/email/${token}/verify`, null, {}),
      410,
      'LINK_EXPIRED',
    );
    expect(await queue(email)).toEqual([]);
    expectApiError(
      await call('GET', '/api/support/tickets', `${cookieName}=${'a'.repeat(43)}`),
      401,
      'ERROR_UNAUTHORIZED',
    );
  });

  it('checks the booking by its surname and stores nothing when it does not match', async () => {
    const trip = await searchTrip(app, { days: 26, oneWay: true });
    const created = await createBooking(app, bookingBody(trip));
    expect(created.statusCode, created.body).toBe(200);
    const pnr = created.json<{ pnr: string }>().pnr;

    const email = freshEmail('booker');
    const wrong = await request(email, { pnr, lastName: 'Ionescu' });
    expectApiError(wrong, 422, 'VALIDATION_ERROR');
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors['body.pnr']).toHaveLength(1);
    const half = await request(email, { pnr });
    expectApiError(half, 400, 'VALIDATION_ERROR');
    const tooLong = await request(email, { subject: 'x'.repeat(121) });
    expectApiError(tooLong, 400, 'VALIDATION_ERROR');
    expect(
      await app.db
        .selectFrom('support_tickets')
        .selectAll()
        .where('visitor_email', '=', email)
        .execute(),
    ).toEqual([]);
    expect(await mails(email, 'supportVerify')).toEqual([]);

    // Letter case and accents aside, the surname of the booking matches.
    const right = await request(email, { pnr: pnr.toLowerCase(), lastName: 'POPÉSCU' });
    expect(right.statusCode, right.body).toBe(202);
    const { cookie, ticketId } = await useLink(await lastToken(email, 'supportVerify'));
    const read = await call('GET', `/api/support/tickets/${ticketId}`, cookie);
    expect(SupportTicketResponseSchema.parse(read.json()).ticket.pnr).toBe(pnr);
  });

  it('takes at most 3 unconfirmed requests per address a day', async () => {
    const email = freshEmail('many');
    for (let n = 0; n < 3; n += 1) expect((await request(email)).statusCode).toBe(202);
    expectApiError(await request(email), 429, 'TOO_MANY_REQUESTS');
    expect(await mails(email, 'supportVerify')).toHaveLength(3);
  });

  it('keeps a visitor to their own tickets: another address’s or a user’s ticket is 404', async () => {
    const first = freshEmail('first');
    const second = freshEmail('second');
    await request(first);
    await request(second);
    const mine = await useLink(await lastToken(first, 'supportVerify'));
    const theirs = await useLink(await lastToken(second, 'supportVerify'));

    const account = await createAccount(app);
    const userCookie = await signIn(app, account);
    const opened = await call('POST', '/api/support/tickets', userCookie, {
      ...REQUEST,
      shortDescription: 'A user’s ticket',
    });
    const userTicket = SupportTicketResponseSchema.parse(opened.json()).ticket.id;

    for (const id of [theirs.ticketId, userTicket]) {
      expectApiError(
        await call('GET', `/api/support/tickets/${id}`, mine.cookie),
        404,
        'NOT_FOUND',
      );
      expectApiError(
        await call('POST', `/api/support/tickets/${id}/close`, mine.cookie),
        404,
        'NOT_FOUND',
      );
    }
    const list = await call('GET', '/api/support/tickets', mine.cookie);
    expect(SupportTicketsResponseSchema.parse(list.json()).tickets.map((t) => t.id)).toEqual([
      mine.ticketId,
    ]);
  });

  it('e-mails the team’s reply with a link that opens the ticket, and hands it to an account later', async () => {
    const email = freshEmail('later');
    await request(email, { locale: 'fr' });
    const { ticketId } = await useLink(await lastToken(email, 'supportVerify'));

    const replied = await call(
      'POST',
      `/api/support/desk/tickets/${ticketId}/messages`,
      await agentCookie(),
      {
        body: 'Here is your boarding pass.',
      },
    );
    expect(replied.statusCode, replied.body).toBe(200);
    const [mail] = await mails(email, 'supportReply');
    expect(mail?.text_body).toMatch(/\/fr\/support\/email\/[0-9a-f]{40}\/verify/);

    // A new browser opens the ticket with the reply's link.
    const opened = await useLink(await lastToken(email, 'supportReply'));
    expect(opened.ticketId).toBe(ticketId);
    const read = await call('GET', `/api/support/tickets/${ticketId}`, opened.cookie);
    expect(SupportTicketResponseSchema.parse(read.json()).ticket.messages).toEqual([
      expect.objectContaining({ author: 'agent', body: 'Here is your boarding pass.' }),
    ]);

    // An account with that confirmed address sees the ticket in its list.
    const account = await createAccount(app, { email });
    const userCookie = await signIn(app, account);
    const list = await call('GET', '/api/support/tickets', userCookie);
    expect(SupportTicketsResponseSchema.parse(list.json()).tickets.map((t) => t.id)).toEqual([
      ticketId,
    ]);
    // From then on it is the account's: the visitor's cookie no longer reads it.
    expectApiError(
      await call('GET', `/api/support/tickets/${ticketId}`, opened.cookie),
      404,
      'NOT_FOUND',
    );
  });

  it('documents the visitors’ routes in the OpenAPI document', async () => {
    const document = (await call('GET', '/api/openapi.json', null)).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/support/requests', '/api/support/email/{token}/verify']),
    );
  });
});
