import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/interval-job.ts';
import { FaresRepository } from './fares.repository.ts';
import { FaresService } from './fares.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Fares that move: re-pricing (`repriceDue()` runs the job now, `repriceAll()` a whole pass;
     * the booking module calls `afterSeatsChanged`), the fare versions of searches, and the
     * airline partners' `sales`.
     */
    fares: FaresService;
  }
}

/**
 * The fares module (docs/decisions/009-fares-that-move.md): decorates `app.fares` and, at ready and
 * then every `repriceIntervalMs` (FARES_REPRICE_HOURS; 0: never), re-prices every fare class once a
 * day as days to departure go by, and the days rolled in since in between. Several processes may
 * run it at once: each batch locks its classes (PostgreSQL) and writes only prices that change, so
 * the second finds nothing to do.
 */
export const faresPlugin = fp(
  async (app: FastifyInstance, options: { repriceIntervalMs: number }) => {
    const fares = new FaresService({
      repository: new FaresRepository(app.db),
      db: app.db,
      now: () => app.now(),
      log: app.log,
      metrics: app.metrics,
    });
    app.decorate('fares', fares);
    app.addHook('preClose', async () => {
      fares.stop();
    });
    runEvery(app, {
      everyMs: options.repriceIntervalMs,
      atReady: true,
      run: () => fares.repriceDue(),
      failure: 'could not re-price the fares',
      afterStop: () => fares.settled(),
    });
  },
  { name: 'fares', dependencies: ['database', 'clock', 'metrics'] },
);
