import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { enqueue, registerOutboxHandler } from '../outbox/outbox.service.ts';
import { pushRecipients } from '../subscriptions/subscriptions.service.ts';
import { appUpdateMessage, type PushMessage } from './push.messages.ts';
import type { PushSender } from './push.sender.ts';

/** The outbox topic of an app-update notice. */
export const APP_UPDATE_TOPIC = 'push.app-update';
const PAGE = 200;

/** The build id the web build carries in `<meta name="uniquair-build">`, or null. */
export async function readBuildId(distDir: string): Promise<string | null> {
  try {
    const html = await readFile(join(distDir, 'index.html'), 'utf8');
    const id = /<meta name="uniquair-build" content="([^"]{1,100})"/.exec(html)?.[1];
    return id ?? null;
  } catch {
    return null;
  }
}

/**
 * Records the web build this server serves and, when it is new and an earlier one was served,
 * writes one `push.app-update` outbox entry in the same transaction (SPEC §1: app-update
 * notices). Every process of a deployment calls this; the primary key makes it happen once.
 * The very first build is recorded without a notice: nobody has an older version.
 */
export async function recordRelease(
  app: FastifyInstance,
  buildId: string,
  now: Date,
): Promise<'first' | 'announced' | 'known'> {
  return app.db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('push_app_releases')
      .select('build_id')
      .limit(1)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('push_app_releases')
      .values({ build_id: buildId, announced_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('build_id').doNothing())
      .returning('build_id')
      .executeTakeFirst();
    if (!inserted) return 'known';
    if (!earlier) return 'first';
    await enqueue(trx, APP_UPDATE_TOPIC, { buildId }, now);
    return 'announced';
  });
}

/**
 * `push.app-update`: the notice goes to every subscription, a page at a time, in each one's
 * language, kept by the push services for 15 minutes at low urgency and collapsed by topic. A
 * broadcast is not retried as a whole (that would repeat it to everyone it reached); failures
 * are logged, ended subscriptions deleted.
 */
export function registerAppUpdateHandler(app: FastifyInstance, sender: PushSender): void {
  registerOutboxHandler(app, APP_UPDATE_TOPIC, async (_payload, context) => {
    const messages = new Map<string, Promise<PushMessage>>();
    let afterId = 0;
    let sent = 0;
    for (;;) {
      const page = await pushRecipients.after(context.db, afterId, PAGE);
      for (const subscription of page) {
        let message = messages.get(subscription.locale);
        if (!message) {
          message = appUpdateMessage(subscription.locale);
          messages.set(subscription.locale, message);
        }
        const outcome = await sender.send(subscription, await message, {
          ttlSeconds: 900,
          urgency: 'low',
          topic: 'app-update',
        });
        if (outcome === 'sent') sent += 1;
        afterId = Number(subscription.id);
      }
      if (page.length < PAGE) break;
    }
    context.log.info({ sent }, 'app-update notice sent');
  });
}
