import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import {
  startPushReceiver,
  subscriptionPayload,
  type PushReceiver,
} from '../../../test/helpers/push-receiver.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import { APP_UPDATE_TOPIC } from './push.app-releases.ts';

/** App-update notices: a newly deployed web build is announced to every subscriber, once. */
describe('app-update notices', () => {
  let receiver: PushReceiver;
  let database: TestDatabase;
  let dist: string;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    database = await createTestDatabase();
    dist = mkdtempSync(join(tmpdir(), 'uniquair-release-'));
  });

  afterAll(async () => {
    await database.dispose();
    await receiver.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** Starts a server process serving a web build with this id; `use` runs while it is up. */
  async function deploy(
    buildId: string,
    use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
  ) {
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><meta name="uniquair-build" content="${buildId}"></head><div id="root"></div>`,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      WEB_DIST_DIR: dist,
      OUTBOX_POLL_MS: '0',
      PUSH_EXTRA_ORIGINS: receiver.origin,
    });
    const app = await buildApp({
      config,
      database,
      logger: false,
      push: { agent: receiver.agent },
    });
    await app.ready();
    try {
      await use(app);
    } finally {
      await app.close();
    }
  }

  const entries = () =>
    database.db.selectFrom('outbox').select('id').where('topic', '=', APP_UPDATE_TOPIC).execute();

  it('announces a new build to the subscribers in their language, and each build only once', async () => {
    const browser = receiver.subscribe();
    await deploy('build-1', async (app) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/subscriptions/subscribe',
        payload: {
          payload: { locale: 'fr' },
          subscription: subscriptionPayload(browser),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    // The first build is nobody's update.
    expect(await entries()).toHaveLength(0);

    await deploy('build-2', async (app) => {
      await drainOutbox(app);
    });
    // A second process of the same deployment announces nothing more.
    await deploy('build-2', async (app) => {
      await drainOutbox(app);
    });
    expect(await entries()).toHaveLength(1);

    const pushes = receiver.receivedBy(browser);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    if (!push) return;
    expect(push.headers.ttl).toBe('900');
    expect(push.headers.urgency).toBe('low');
    const message = JSON.parse(receiver.decrypt(push, browser)) as {
      type: string;
      notification: { title: string };
    };
    expect(message.type).toBe('app.update');
    expect(message.notification.title).toBe('Uniquair a été mis à jour');
  });
});
