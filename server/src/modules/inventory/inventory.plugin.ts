import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/interval-job.ts';
import { InventoryService } from './inventory.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rolling flight inventory (`roll()` runs the job now; tests call it directly). */
    inventory: InventoryService;
  }
}

/**
 * The inventory module (docs/database.md "Rolling the inventory forward"): decorates
 * `app.inventory` and rolls the inventory forward at ready and then every `rollIntervalMs`
 * (INVENTORY_ROLL_HOURS; 0: never). Several processes may run it at once: each new day is claimed
 * in its own transaction, so only one of them writes it.
 */
export const inventoryPlugin = fp(
  async (app: FastifyInstance, options: { rollIntervalMs: number }) => {
    const inventory = new InventoryService({ db: app.db, now: () => app.now(), log: app.log });
    app.decorate('inventory', inventory);
    runEvery(app, {
      everyMs: options.rollIntervalMs,
      atReady: true,
      run: () => inventory.roll(),
      failure: 'could not roll the flight inventory forward',
    });
  },
  { name: 'inventory', dependencies: ['database', 'clock'] },
);
