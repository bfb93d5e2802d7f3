import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readBuildId, recordRelease, registerAppUpdateHandler } from './push.app-releases.ts';
import { registerPushHandlers } from './push.handlers.ts';
import { PushSender } from './push.sender.ts';
import { resolveVapidKeys, type VapidKeys } from './push.vapid-keys.ts';

/** Web Push settings a test may set beyond the configuration. */
export interface PushOverrides {
  /** HTTPS agent for the push services (a local test push service's certificate). */
  readonly agent?: Agent;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends Web Push messages, signed with the server's VAPID keys. */
    pushSender: PushSender;
  }
}

/**
 * `app.pushSender` (DESIGN §3 push; docs/pwa.md): the VAPID key pair from `VAPID_PUBLIC_KEY` and
 * `VAPID_PRIVATE_KEY`, or — when they are not set — the pair stored in the database, generated
 * on the first start. With the outbox present, it handles the push topics the booking and
 * payment modules write, and announces a newly deployed web build once (`push.app-update`).
 */
export const pushPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      vapidKeys: VapidKeys | null;
      vapidSubject: string;
      extraOrigins: readonly string[];
      /** The web build served: a new one is announced to the subscribers once. */
      webDistDir?: string;
    } & PushOverrides,
  ) => {
    const { keys, source } = await resolveVapidKeys(app.db, options.vapidKeys);
    if (source === 'generated') {
      app.log.info('VAPID keys generated and stored in the database (push_vapid_keys)');
    }
    const sender = new PushSender(app.db, {
      keys,
      subject: options.vapidSubject,
      extraOrigins: options.extraOrigins,
      log: app.log,
      ...(options.agent !== undefined ? { agent: options.agent } : {}),
    });
    app.decorate('pushSender', sender);
    if (!app.hasDecorator('outbox')) return;
    registerPushHandlers(app, sender);
    registerAppUpdateHandler(app, sender);
    const { webDistDir } = options;
    if (webDistDir === undefined) return;
    app.addHook('onReady', async () => {
      const buildId = await readBuildId(webDistDir);
      if (buildId === null) return;
      try {
        if ((await recordRelease(app, buildId, app.now())) === 'announced') {
          app.log.info({ buildId }, 'new web app build: app-update notice queued');
          app.outbox.kick();
        }
      } catch (error) {
        app.log.warn({ err: error }, 'could not record the web app build');
      }
    });
  },
  { name: 'push', dependencies: ['database'] },
);
