import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeskTicketResponseSchema,
  DeskTicketsResponseSchema,
  SupportTicketResponseSchema,
  SupportTicketsResponseSchema,
} from '@uniquair/contract/support';
import { CurrentUserResponseSchema } from '@uniquair/contract/users';
import { createAccount, callAs, signIn, type TestAccount } from '../../../test/helpers/accounts.ts';
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

/**
 * The support team's desk through the API (docs/support.md "The desk"): only agents get in, the
 * queue puts the longest-waiting traveller first, a ticket shows its traveller and booking, notes
 * stay inside the team, replies reach the traveller and end the wait.
 */
describe(`support desk (${dialectUnderTest()})`, () => {
  const clock = testClock();
  let test: PaymentsTestApp;
  let app: FastifyInstance;
  let agentCookie: string;
  let agentAccount: TestAccount;

  beforeAll(async () => {
    test = await startPaymentsTestApp(PAYMENT_TEST_ENV, appOptionsOn(clock));
    app = test.app;
    agentAccount = await createAccount(app, { firstName: 'Agent' });
    expect(await app.userRoles.grant(agentAccount.email, 'support_agent')).toBe(true);
    agentCookie = await signIn(app, agentAccount);
  });

  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: unknown) =>
    callAs(app, method, url, cookie, payload);

  async function traveller() {
    const account = await createAccount(app);
    return { account, cookie: await signIn(app, account) };
  }

  async function openTicket(cookie: string, subject: string, pnr?: string) {
    const response = await call('POST', '/api/support/tickets', cookie, {
      subject,
      shortDescription: 'A question',
      description: 'Please help.',
      ...(pnr ? { pnr } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return SupportTicketResponseSchema.parse(response.json()).ticket;
  }

  async function queue(query = '') {
    const response = await call('GET', `/api/support/desk/tickets${query}`, agentCookie);
    expect(response.statusCode, response.body).toBe(200);
    return DeskTicketsResponseSchema.parse(response.json());
  }

  it('lets agents in only: travellers get 403 on every desk route, anonymous callers 401', async () => {
    const { cookie } = await traveller();
    const ticket = await openTicket(cookie, 'Desk access');
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/support/desk/tickets'],
      ['GET', `/api/support/desk/tickets/${ticket.id}`],
      ['POST', `/api/support/desk/tickets/${ticket.id}/messages`, { body: 'Hello' }],
      ['POST', `/api/support/desk/tickets/${ticket.id}/close`],
    ];
    for (const [method, url, payload] of routes) {
      expectApiError(await call(method, url, cookie, payload), 403, 'FORBIDDEN');
      expectApiError(await call(method, url, null, payload), 401, 'ERROR_UNAUTHORIZED');
    }
    // The traveller's attempts changed nothing.
    const after = await call('GET', `/api/support/tickets/${ticket.id}`, cookie);
    expect(SupportTicketResponseSchema.parse(after.json()).ticket).toMatchObject({
      status: 'open',
      messages: [],
    });
    // The app learns who may open the desk from the current user.
    const roles = async (cookie: string) =>
      CurrentUserResponseSchema.parse((await call('GET', '/api/users/current', cookie)).json()).user
        ?.roles;
    expect(await roles(agentCookie)).toEqual(['support_agent']);
    expect(await roles(cookie)).toEqual([]);
    // An agent whose role is taken back is a traveller again.
    const former = await createAccount(app);
    await app.userRoles.grant(former.email, 'support_agent');
    const formerCookie = await signIn(app, former);
    await app.userRoles.revoke(former.email, 'support_agent');
    expectApiError(await call('GET', '/api/support/desk/tickets', formerCookie), 403, 'FORBIDDEN');
    expect(await roles(formerCookie)).toEqual([]);
  });

  it('queues the longest-waiting first; a reply ends the wait, the traveller’s next message starts it again', async () => {
    const first = await traveller();
    const second = await traveller();
    const older = await openTicket(first.cookie, 'Waiting longest');
    clock.advance(60_000);
    const newer = await openTicket(second.cookie, 'Waiting less');
    clock.advance(60_000);
    const ids = (list: { tickets: { id: number }[] }) =>
      list.tickets.map((ticket) => ticket.id).filter((id) => id === older.id || id === newer.id);
    expect(ids(await queue())).toEqual([older.id, newer.id]);

    const answered = await call(
      'POST',
      `/api/support/desk/tickets/${older.id}/messages`,
      agentCookie,
      {
        body: 'We are looking into it.',
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(DeskTicketResponseSchema.parse(answered.json()).ticket.waitingSince).toBeNull();
    // Answered tickets come after those still waiting.
    expect(ids(await queue())).toEqual([newer.id, older.id]);

    clock.advance(60_000);
    await call('POST', `/api/support/tickets/${older.id}/messages`, first.cookie, {
      body: 'Thank you, any news?',
    });
    const again = (await queue()).tickets.find((ticket) => ticket.id === older.id);
    expect(again?.waitingSince).toBe(clock.now().toISOString());
    expect(again?.travellerEmail).toBe(first.account.email);
    // Waiting again, it goes back ahead of the answered tickets.
    const other = await call(
      'POST',
      `/api/support/desk/tickets/${newer.id}/messages`,
      agentCookie,
      { body: 'Done.' },
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(ids(await queue())).toEqual([older.id, newer.id]);
  });

  it('marks what each side has not read, and writes a Web Push of the team’s reply (not of a note)', async () => {
    const { account, cookie } = await traveller();
    const ticket = await openTicket(cookie, 'Unread markers');
    const travellerList = async () => {
      const response = await call('GET', '/api/support/tickets', cookie);
      expect(response.statusCode, response.body).toBe(200);
      return SupportTicketsResponseSchema.parse(response.json());
    };
    const onDesk = async () => (await queue()).tickets.find((item) => item.id === ticket.id);
    const pushes = async () =>
      (
        await app.db
          .selectFrom('outbox')
          .selectAll()
          .where('topic', '=', 'push.support-reply')
          .execute()
      )
        .map((row) => JSON.parse(row.payload) as { ticketId: number; userId: number })
        .filter((payload) => payload.ticketId === ticket.id);

    // New for the team until an agent opens it; the traveller has nothing to read.
    expect((await onDesk())?.unread).toBe(true);
    expect((await travellerList()).tickets.find((item) => item.id === ticket.id)?.unread).toBe(
      false,
    );
    clock.advance(60_000);
    const read = await call('GET', `/api/support/desk/tickets/${ticket.id}`, agentCookie);
    expect(DeskTicketResponseSchema.parse(read.json()).ticket.unread).toBe(false);
    expect((await onDesk())?.unread).toBe(false);

    // A note is the team's own: nothing new for the traveller, no push.
    clock.advance(60_000);
    await call('POST', `/api/support/desk/tickets/${ticket.id}/messages`, agentCookie, {
      body: 'Checking with the airline.',
      internal: true,
    });
    expect((await travellerList()).unread).toBe(0);
    expect(await pushes()).toEqual([]);

    // The team's reply: new for the traveller until they open it, and a push to their browsers.
    clock.advance(60_000);
    await call('POST', `/api/support/desk/tickets/${ticket.id}/messages`, agentCookie, {
      body: 'The airline confirmed it.',
    });
    const listed = await travellerList();
    expect(listed.tickets.find((item) => item.id === ticket.id)?.unread).toBe(true);
    expect(listed.unread).toBe(1);
    expect(await pushes()).toEqual([{ ticketId: ticket.id, userId: account.id }]);
    clock.advance(60_000);
    const opened = await call('GET', `/api/support/tickets/${ticket.id}`, cookie);
    expect(SupportTicketResponseSchema.parse(opened.json()).ticket.unread).toBe(false);
    expect((await travellerList()).unread).toBe(0);

    // The traveller's answer is new for the team again.
    clock.advance(60_000);
    await call('POST', `/api/support/tickets/${ticket.id}/messages`, cookie, { body: 'Thanks!' });
    expect((await onDesk())?.unread).toBe(true);
  });

  it('shows the traveller and the booking; notes stay with the team; replies reach the traveller', async () => {
    const { account, cookie } = await traveller();
    const trip = await searchTrip(app, { days: 26, oneWay: true });
    const made = await createBooking(app, bookingBody(trip), { cookie });
    const pnr = made.json<{ pnr: string }>().pnr;
    const ticket = await openTicket(cookie, 'About my booking', pnr);

    const found = await queue(`?q=${pnr.toLowerCase()}`);
    expect(found.tickets.map((entry) => entry.id)).toEqual([ticket.id]);
    const byAddress = await queue(
      `?q=${encodeURIComponent(account.email.slice(0, 10).toUpperCase())}`,
    );
    expect(byAddress.tickets.map((entry) => entry.id)).toContain(ticket.id);
    expect((await queue('?q=%25')).tickets.map((entry) => entry.id)).not.toContain(ticket.id);

    const note = await call(
      'POST',
      `/api/support/desk/tickets/${ticket.id}/messages`,
      agentCookie,
      {
        body: 'Check the fare rules first.',
        internal: true,
      },
    );
    const reply = await call(
      'POST',
      `/api/support/desk/tickets/${ticket.id}/messages`,
      agentCookie,
      {
        body: 'Your seats are together now.',
      },
    );
    expect(note.statusCode).toBe(200);
    const seen = DeskTicketResponseSchema.parse(reply.json()).ticket;
    expect(seen.traveller).toEqual({ email: account.email, firstName: 'Ana', lastName: 'Pop' });
    expect(seen.booking).toMatchObject({ pnr, status: 'not_paid' });
    expect(seen.messages.map((message) => [message.author, message.internal])).toEqual([
      ['agent', true],
      ['agent', false],
    ]);

    // The reply, not the note, reached the traveller by e-mail, with a link to the conversation.
    const mails = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', account.email)
      .where('kind', '=', 'supportReply')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('The support team answered: About my booking');
    expect(mails[0]?.text_body).toContain(`/support/ticket/${ticket.id}`);

    const mine = await call('GET', `/api/support/tickets/${ticket.id}`, cookie);
    expect(SupportTicketResponseSchema.parse(mine.json()).ticket.messages).toEqual([
      expect.objectContaining({ author: 'agent', body: 'Your seats are together now.' }),
    ]);
    expect(mine.body).not.toContain('fare rules');

    const closed = await call('POST', `/api/support/desk/tickets/${ticket.id}/close`, agentCookie);
    expect(DeskTicketResponseSchema.parse(closed.json()).ticket.status).toBe('closed');
    expectApiError(
      await call('POST', `/api/support/desk/tickets/${ticket.id}/messages`, agentCookie, {
        body: 'One more thing',
      }),
      409,
      'TICKET_CLOSED',
    );
    expect(
      (
        await call('POST', `/api/support/desk/tickets/${ticket.id}/messages`, agentCookie, {
          body: 'Closed after the seat change.',
          internal: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await queue('?status=closed')).tickets.map((entry) => entry.id)).toContain(ticket.id);
    expectApiError(
      await call('GET', '/api/support/desk/tickets/999999', agentCookie),
      404,
      'NOT_FOUND',
    );
  });
});
