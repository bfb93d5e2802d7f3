import type { FastifyInstance } from 'fastify';
import { PriceGridRepository } from './pricing.grid-repository.ts';
import { PricingRepository } from './pricing.repository.ts';
import { pricingRoutes } from './pricing.routes.ts';
import { PricingService } from './pricing.service.ts';

/** How long this process serves a prepared calendar before rebuilding it. */
const CACHE_TTL_MS = 5_000;

/** The pricing module: the price calendars and offers, answered from the price summary. */
export async function pricingPlugin(app: FastifyInstance): Promise<void> {
  const service = new PricingService({
    repository: new PricingRepository(app.db),
    gridRepository: new PriceGridRepository(app.db),
    db: app.db,
    now: app.now,
    cacheTtlMs: CACHE_TTL_MS,
  });
  app.addHook('onClose', async () => {
    service.close();
  });
  await app.register(pricingRoutes, { service });
}
