import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxDispatcher } from './outbox.service.ts';

/**
 * `app.outbox`: the outbox of side effects (tickets, e-mails, pushes, refunds) and its polling
 * worker, started when the app is ready and stopped (after the entry in hand) when it closes. Its
 * backlog is read when the metrics are scraped.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: { pollIntervalMs: number }) => {
    const outbox = new OutboxDispatcher(app.db, {
      log: app.log,
      now: () => app.now(),
      pollIntervalMs: options.pollIntervalMs,
    });
    app.decorate('outbox', outbox);
    app.metrics.readOutboxBacklog(() => outbox.backlog());
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.close());
  },
  { name: 'outbox', dependencies: ['database', 'clock', 'metrics'] },
);
