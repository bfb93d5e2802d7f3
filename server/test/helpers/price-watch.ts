import type { FastifyInstance } from 'fastify';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { refreshRouteDayPrices } from '../../src/db/route-day-prices.ts';
import { drainOutbox } from '../../src/modules/outbox/outbox.service.ts';
import { freshClient } from './accounts.ts';
import { subscriptionPayload, type BrowserSubscription } from './push-receiver.ts';
import { TEST_TODAY } from './database.ts';

/** A route and day with a price in the summary, `days` after the seed's today (or later). */
export async function pricedDay(
  app: FastifyInstance,
  days: number,
  skipRoutes: readonly number[] = [],
): Promise<{ routeId: number; date: Ymd; price: number }> {
  const from = addDays(TEST_TODAY, days);
  let query = app.db
    .selectFrom('route_day_prices')
    .innerJoin('routes', 'routes.id', 'route_day_prices.route_id')
    .select(['route_day_prices.route_id', 'route_day_prices.date', 'min_price_minor'])
    .where('route_day_prices.date', '>=', from)
    .where('route_day_prices.date', '<=', addDays(from, 20))
    .where('routes.dow', '>', 0)
    .where('min_price_minor', '>', 2_000)
    .orderBy('route_day_prices.date')
    .orderBy('route_day_prices.route_id')
    .limit(1);
  if (skipRoutes.length > 0) query = query.where('route_day_prices.route_id', 'not in', skipRoutes);
  const row = await query.executeTakeFirstOrThrow();
  return { routeId: row.route_id, date: row.date, price: row.min_price_minor };
}

/**
 * Takes `minor` off every fare of a route's day, then refreshes the summary of that day as a
 * change of fares does, and waits for the watches to be evaluated and their messages sent.
 */
export async function lowerFares(
  app: FastifyInstance,
  routeId: number,
  date: Ymd,
  minor: number,
): Promise<void> {
  const flights = app.db
    .selectFrom('flights')
    .select('id')
    .where('route_id', '=', routeId)
    .where('departure_date', '=', date);
  await app.db
    .updateTable('fare_classes')
    .set((eb) => ({ price_minor: eb('price_minor', '-', minor) }))
    .where('flight_id', 'in', flights)
    .execute();
  await refreshRouteDayPrices(app.db, [routeId], [date]);
  await app.priceWatches.idle();
  await drainOutbox(app);
}

/** `POST /api/price-watch` for a browser's subscription. */
export function watchPrice(
  app: FastifyInstance,
  browser: Pick<BrowserSubscription, 'endpoint' | 'publicKey' | 'authToken'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/price-watch',
    remoteAddress: freshClient(),
    headers,
    payload: {
      passengers: { adults: 1, children: 0, infants: 0 },
      subscription: subscriptionPayload(browser),
      ...body,
    },
  });
}
