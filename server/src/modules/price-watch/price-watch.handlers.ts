import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  convertAmount,
  DEFAULT_CURRENCY_CODE,
  type RateTable,
} from '@uniquair/domain/pricing/currency';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Database } from '../../db/database.ts';
import { registerOutboxHandler } from '../outbox/outbox.service.ts';
import {
  PRICE_DROP_MAIL,
  PRICE_DROP_PUSH,
  type PriceDropPayload,
} from './price-watch.evaluator.ts';
import {
  priceDropMailValues,
  priceDropMessage,
  watchSearchPath,
  type PriceDrop,
} from './price-watch.messages.ts';
import { priceWatchRepository as repo, type WatchWithRoute } from './price-watch.repository.ts';
import { watchedDays } from './price-watch.service.ts';

/** A price drop matters for a day; the push service may keep it that long. */
const PRICE_DROP_TTL_SECONDS = 86_400;

function parsePayload(payload: unknown): PriceDropPayload {
  const value = (payload ?? {}) as Partial<Record<keyof PriceDropPayload, unknown>>;
  if (typeof value.watchId !== 'number' || typeof value.price !== 'number') {
    throw new Error('price watch payload without watchId and price');
  }
  return { watchId: value.watchId, price: value.price };
}

/**
 * The drop as the messages tell it: the new total and how much less than when the watch began
 * (or than the target, when nothing was on sale then), in the watch's currency; the day (a month
 * watch's cheapest day now) and the search it opens.
 */
async function dropOf(
  db: Kysely<Database>,
  row: WatchWithRoute,
  price: number,
  rates: RateTable,
  now: Date,
): Promise<PriceDrop> {
  const convert = (usd: number) =>
    convertAmount(
      usd,
      { code: DEFAULT_CURRENCY_CODE, rate: rates[DEFAULT_CURRENCY_CODE] ?? 1 },
      { code: row.currency, rate: rates[row.currency] ?? 1 },
    );
  let date = row.date;
  if (date === null) {
    const { from, until } = watchedDays(row, now);
    const cheapest = await repo.cheapest(db, row.route_id, row.bags as BagCount, from, until);
    date = cheapest?.date ?? from;
  }
  const before = row.subscribed_price_minor ?? row.threshold_minor;
  return {
    watch: Number(row.id),
    fromCity: row.from_city,
    toCity: row.to_city,
    date,
    month: row.month,
    price: convert(price),
    saving: convert(Math.max(0, before - price)),
    currency: row.currency,
    url: watchSearchPath({ ...row, routeId: row.route_id, date }),
  };
}

/**
 * The outbox topics of price drops (done once each, after the evaluation's commit):
 * `price-watch.push` sends the push to the watch's subscription — a subscription the push
 * service says has ended (404/410) takes every watch of its endpoint with it; a push service that
 * asks to try again fails the entry for a retry. `price-watch.mail` writes the e-mail of a
 * signed-in owner's watch to the mail outbox in the entry's own transaction (the exchange rates
 * are read before it).
 */
export function registerPriceWatchHandlers(
  app: FastifyInstance,
  options: { publicUrl: string; rates: () => Promise<RateTable> },
): void {
  registerOutboxHandler(app, PRICE_DROP_PUSH, async (payload, context) => {
    const { watchId, price } = parsePayload(payload);
    const row = await repo.withRoute(context.db, watchId);
    if (row === undefined) return;
    const drop = await dropOf(context.db, row, price, await options.rates(), context.now());
    const outcome = await app.pushSender.send(
      {
        endpoint: row.endpoint,
        public_key: row.public_key,
        auth_token: row.auth_token,
        content_encoding: row.content_encoding,
      },
      await priceDropMessage(row.locale, drop),
      { ttlSeconds: PRICE_DROP_TTL_SECONDS, urgency: 'normal', topic: `price-watch-${row.id}` },
    );
    if (outcome === 'gone') {
      const removed = await repo.deleteByEndpoint(context.db, row.endpoint);
      context.log.info({ removed }, 'price watches of an ended push subscription deleted');
    } else if (outcome === 'retry') {
      throw new Error(`push for price watch ${watchId}: a push service asked to try again`);
    }
  });
  registerOutboxHandler(
    app,
    PRICE_DROP_MAIL,
    async (payload, context) => {
      const { watchId, price } = parsePayload(payload);
      const row = await repo.withRoute(context.db, watchId);
      if (row?.user_id === null || row === undefined) return;
      const contact = await repo.ownerContact(context.db, row.user_id);
      if (contact === undefined) return;
      const rates = context.prepared as RateTable;
      const drop = await dropOf(context.db, row, price, rates, context.now());
      await app.mail.enqueue(context.db, {
        kind: 'priceWatch',
        to: contact.email,
        locale: row.locale,
        firstName: contact.first_name,
        link: new URL(drop.url, options.publicUrl).href,
        values: await priceDropMailValues(row.locale, drop),
      });
      context.afterCommit(() => app.mail.kick());
    },
    {
      transactional: true,
      // Read before the transaction: the rates may need a query of their own (the data-set
      // versions), which on SQLite would wait for the one connection the transaction holds.
      prepare: () => options.rates(),
    },
  );
}
