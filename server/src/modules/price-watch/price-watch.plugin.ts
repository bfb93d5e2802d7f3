import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateTable } from '@uniquair/domain/pricing/currency';
import { PriceWatchEvaluator } from './price-watch.evaluator.ts';
import { registerPriceWatchHandlers } from './price-watch.handlers.ts';
import { priceWatchRoutes } from './price-watch.routes.ts';
import { PriceWatchService } from './price-watch.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compares price watches with the summary after each refresh; sweeps ended ones. */
    priceWatches: PriceWatchEvaluator;
  }
}

/**
 * The price-watch module (docs/price-watch.md): the API, the evaluation after each refresh of the
 * price summary in this process (`app.priceWatches`), the hourly sweep of ended watches, and the
 * outbox topics that send the push and the owner's e-mail. Needs the push module and the outbox.
 */
export const priceWatchPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; sweepIntervalMs: number }) => {
    const rates = async (): Promise<RateTable> =>
      Object.fromEntries(
        (await app.referenceData.snapshot()).currencies.map((currency) => [
          currency.code,
          currency.rate,
        ]),
      );
    const service = new PriceWatchService({
      db: app.db,
      now: () => app.now(),
      rates,
      isAllowedEndpoint: (endpoint) => app.pushSender.isAllowedEndpoint(endpoint),
    });
    const evaluator = new PriceWatchEvaluator({
      db: app.db,
      now: () => app.now(),
      log: app.log,
      queued: () => app.outbox.kick(),
      sweepIntervalMs: options.sweepIntervalMs,
    });
    app.decorate('priceWatches', evaluator);
    registerPriceWatchHandlers(app, { publicUrl: options.publicUrl, rates });
    app.addHook('onReady', async () => evaluator.start());
    app.addHook('onClose', async () => evaluator.close());
    await app.register(priceWatchRoutes, { service });
  },
  { name: 'price-watch', dependencies: ['database', 'clock', 'outbox', 'push', 'mail'] },
);
