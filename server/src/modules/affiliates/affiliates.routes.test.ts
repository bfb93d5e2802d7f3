import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AffiliateResponseSchema } from '@uniquair/contract/affiliate';
import { InitResponseSchema } from '@uniquair/contract/data';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { bumpDatasetVersion } from '../../db/dataset-versions.ts';
import { AFFILIATE_ATTACHMENT_DAYS, currentAffiliate } from './affiliates.service.ts';

const SKYSCOUT = {
  name: 'SkyScout',
  logo: '/affiliates/skyscout.svg',
  logoSquare: '/affiliates/skyscout-square.svg',
  url: 'https://skyscout.example',
};

function affiliateCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return cookies.find((cookie) => cookie.startsWith('uq_aff='));
}

describe('affiliates', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'uniquair-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      WEB_DIST_DIR: dist,
      DATASET_VERSION_CHECK_MS: '0',
    });
    app = await buildApp({ config, database, logger: false });
    // What the booking module will do: ask for the visitor's affiliate.
    app.get('/test/current-affiliate', async (request) => ({
      affiliate: await currentAffiliate(request),
    }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  const current = async (cookie: string | undefined) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/affiliate/current',
      headers: cookie === undefined ? {} : { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(response.statusCode).toBe(200);
    return AffiliateResponseSchema.parse(response.json()).affiliate;
  };

  it('has no affiliate for a visitor who came on their own', async () => {
    expect(await current(undefined)).toBeNull();
  });

  it('attaches a known affiliate for 30 days when a page is opened with ?aff=', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/flights/1/0/0/12.2026-12-01?aff=SkyScout',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const cookie = affiliateCookie(page);
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`Max-Age=${AFFILIATE_ATTACHMENT_DAYS * 86_400}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(await current(cookie)).toEqual(SKYSCOUT);

    const init = await app.inject({
      method: 'GET',
      url: '/api/data/init',
      headers: { cookie: cookie?.split(';')[0] ?? '' },
    });
    expect(InitResponseSchema.parse(init.json()).affiliate).toEqual({ affiliate: SKYSCOUT });
  });

  it('attaches through the partner link /a/{code} and sends the visitor home', async () => {
    const response = await app.inject({ method: 'GET', url: '/a/globetrotter' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cookie = affiliateCookie(response);
    expect(await current(cookie)).toMatchObject({ name: 'Globetrotter Club' });
  });

  it('lets the latest partner link win', async () => {
    const first = affiliateCookie(await app.inject({ method: 'GET', url: '/a/skyscout' }));
    const second = await app.inject({
      method: 'GET',
      url: '/?aff=globetrotter',
      headers: { accept: 'text/html', cookie: first?.split(';')[0] ?? '' },
    });
    expect(await current(affiliateCookie(second))).toMatchObject({ name: 'Globetrotter Club' });
  });

  it.each(['/a/nobody', '/a/%3Cscript%3E', `/a/${'x'.repeat(300)}`])(
    'ignores an unknown code in %s but still redirects',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(affiliateCookie(response)).toBeUndefined();
    },
  );

  it('ignores unknown codes and ?aff= on API calls and files', async () => {
    for (const url of [
      '/?aff=nobody',
      '/?aff=',
      '/api/data/currencies?aff=skyscout',
      '/robots.txt?aff=skyscout',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(affiliateCookie(response), url).toBeUndefined();
    }
  });

  it('does not trust a tampered or unsigned attachment', async () => {
    const cookie = affiliateCookie(await app.inject({ method: 'GET', url: '/a/skyscout' }));
    const value = decodeURIComponent(cookie?.split(';')[0]?.slice('uq_aff='.length) ?? '');
    const [payload, signature] = [
      value.slice(0, value.lastIndexOf('.')),
      value.slice(value.lastIndexOf('.') + 1),
    ];
    const forged = `uq_aff=${encodeURIComponent(`globetrotter.${payload.split('.')[1]}.${signature}`)}`;
    expect(await current(forged)).toBeNull();
    expect(await current(`uq_aff=${encodeURIComponent(payload)}`)).toBeNull();
  });

  it('forgets an attachment older than 30 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = app.signCookie(`skyscout.${now - 29 * 86_400}`);
    const stale = app.signCookie(`skyscout.${now - 31 * 86_400}`);
    expect(await current(`uq_aff=${encodeURIComponent(fresh)}`)).toEqual(SKYSCOUT);
    expect(await current(`uq_aff=${encodeURIComponent(stale)}`)).toBeNull();
  });

  it('gives the server-side id and code to callers such as bookings', async () => {
    const cookie = affiliateCookie(await app.inject({ method: 'GET', url: '/a/skyscout' }));
    const response = await app.inject({
      method: 'GET',
      url: '/test/current-affiliate',
      headers: { cookie: cookie?.split(';')[0] ?? '' },
    });
    const row = await app.db
      .selectFrom('affiliates')
      .select('id')
      .where('code', '=', 'skyscout')
      .executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      affiliate: { id: row.id, code: 'skyscout', ...SKYSCOUT },
    });
  });

  it('stops attaching, and stops answering, a partner made inactive', async () => {
    const cookie = affiliateCookie(await app.inject({ method: 'GET', url: '/a/skyscout' }));
    await app.db
      .updateTable('affiliates')
      .set({ active: 0 })
      .where('code', '=', 'skyscout')
      .execute();
    await bumpDatasetVersion(app.db, 'content');
    try {
      expect(await current(cookie)).toBeNull();
      const again = await app.inject({ method: 'GET', url: '/a/skyscout' });
      expect(affiliateCookie(again)).toBeUndefined();
    } finally {
      await app.db
        .updateTable('affiliates')
        .set({ active: 1 })
        .where('code', '=', 'skyscout')
        .execute();
      await bumpDatasetVersion(app.db, 'content');
    }
  });
});
