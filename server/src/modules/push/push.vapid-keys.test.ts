import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../config/env.ts';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { resolveVapidKeys } from './push.vapid-keys.ts';
import { PRODUCTION_ENV } from '../../../test/helpers/production-env.ts';

describe('the VAPID keys', () => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('are generated once on the first start, stored, and the same for every later start', async () => {
    database = await createTestDatabase();
    const first = await resolveVapidKeys(database.db, null);
    expect(first.source).toBe('generated');
    expect(Buffer.from(first.keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.keys.privateKey, 'base64url')).toHaveLength(32);
    const second = await resolveVapidKeys(database.db, null);
    expect(second).toEqual({ keys: first.keys, source: 'stored' });

    // A whole app started on that database offers the stored public key.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url });
    const app = await buildApp({ config, database, logger: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/subscriptions/check',
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        publicKey: first.keys.publicKey,
        subscribed: false,
      });
    } finally {
      await app.close();
    }
  });

  it('that two processes generate at the same time end up as one stored pair', async () => {
    database = await createTestDatabase();
    const [a, b] = await Promise.all([
      resolveVapidKeys(database.db, null),
      resolveVapidKeys(database.db, null),
    ]);
    expect(a.keys).toEqual(b.keys);
    const rows = await database.db.selectFrom('push_vapid_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('configured keys win and nothing is stored', async () => {
    database = await createTestDatabase();
    const configured = webpush.generateVAPIDKeys();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
    });
    expect(config.vapidKeys).toEqual(configured);
    const resolved = await resolveVapidKeys(database.db, config.vapidKeys);
    expect(resolved).toEqual({ keys: configured, source: 'configured' });
    expect(await database.db.selectFrom('push_vapid_keys').selectAll().execute()).toEqual([]);
  });

  it('the configuration wants both keys or neither, valid keys, and a proper subject', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
    // The private key is never echoed in the error.
    let message = '';
    try {
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `${privateKey}!` });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('VAPID_PRIVATE_KEY');
    expect(message).not.toContain(privateKey);
  });

  it('the subject defaults to the sender address, and test origins are refused in production', () => {
    expect(loadConfig({ MAIL_FROM: 'Uniquair <hello@uniquair.test>' }).vapidSubject).toBe(
      'mailto:hello@uniquair.test',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://fly.example' }).vapidSubject).toBe(
      'mailto:no-reply@fly.example',
    );
    expect(loadConfig({ PUSH_EXTRA_ORIGINS: 'https://127.0.0.1:9443/x' }).pushExtraOrigins).toEqual(
      ['https://127.0.0.1:9443'],
    );
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, PUSH_EXTRA_ORIGINS: 'https://127.0.0.1:9443' }),
    ).toThrow(/PUSH_EXTRA_ORIGINS/);
  });
});
