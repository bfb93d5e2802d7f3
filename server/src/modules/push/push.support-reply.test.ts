import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportTicketResponseSchema } from '@uniquair/contract/support';
import { callAs, createAccount, signIn } from '../../../test/helpers/accounts.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import {
  startPushingPaymentsTestApp,
  type PushingPaymentsTestApp,
} from '../../../test/helpers/push.ts';
import { subscriptionPayload } from '../../../test/helpers/push-receiver.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

/**
 * The whole way of a support answer's push (docs/support.md "Notifications and unread markers"):
 * a signed-in traveller's browser subscribes, the team answers their ticket, the outbox sends
 * `support.reply` to the local push service, where it decrypts with the browser's keys; a note
 * sends nothing.
 */
describe('the support team’s answer reaches the traveller’s subscribed browser', () => {
  let test: PushingPaymentsTestApp;
  let app: FastifyInstance;
  const clock = testClock();

  beforeAll(async () => {
    test = await startPushingPaymentsTestApp(clock);
    app = test.app;
  });

  afterAll(() => test.close());

  const call = (url: string, cookie: string, payload: Record<string, unknown>) =>
    callAs(app, 'POST', url, cookie, payload);

  it('sends support.reply for an answer, in the subscriber’s language, and nothing for a note', async () => {
    const traveller = await signIn(app, await createAccount(app));
    const agentAccount = await createAccount(app, { firstName: 'Agent' });
    expect(await app.userRoles.grant(agentAccount.email, 'support_agent')).toBe(true);
    const agent = await signIn(app, agentAccount);
    const browser = test.receiver.subscribe();
    const subscribed = await call('/api/subscriptions/subscribe', traveller, {
      payload: { locale: 'de' },
      subscription: subscriptionPayload(browser),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const opened = await call('/api/support/tickets', traveller, {
      subject: 'Lost bag',
      shortDescription: 'My bag did not arrive',
      description: 'Flight to Munich, one black suitcase.',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { ticket } = SupportTicketResponseSchema.parse(opened.json());
    const pushes = () => test.receiver.receivedBy(browser);

    const note = await call(`/api/support/desk/tickets/${ticket.id}/messages`, agent, {
      body: 'Asked the handling agent.',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(200);
    await drainOutbox(app);
    expect(pushes()).toHaveLength(0);

    const answer = await call(`/api/support/desk/tickets/${ticket.id}/messages`, agent, {
      body: 'Your bag is in Munich and reaches you tomorrow.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await drainOutbox(app);
    const [push, ...more] = pushes();
    expect(more).toHaveLength(0);
    if (!push) throw new Error('no push arrived');
    const message = JSON.parse(test.receiver.decrypt(push, browser)) as {
      type: string;
      data: Record<string, unknown>;
      notification: { title: string; options: { body: string; tag: string; lang: string } };
    };
    expect(message.type).toBe('support.reply');
    // The ticket's number only: what the traveller wrote stays off the push service.
    expect(message.data).toEqual({ ticketId: ticket.id });
    expect(message.notification.title).toBe('Neue Antwort vom Support');
    expect(message.notification.options).toMatchObject({
      body: `Das Support-Team hat auf Anfrage ${ticket.id} geantwortet.`,
      tag: `support-${ticket.id}`,
      lang: 'de',
    });
    expect(JSON.stringify(message)).not.toContain('Munich');
  });
});
