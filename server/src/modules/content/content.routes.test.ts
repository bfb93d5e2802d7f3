import { beforeAll, describe, expect, it } from 'vitest';
import { PageResponseSchema } from '@uniquair/contract/data';
import { useTestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { bumpDatasetVersion } from '../../db/dataset-versions.ts';

const HOSTILE_BODY = `# Offers <script>alert('h1')</script>

<img src="x" onerror="alert('img')"> <svg onload="alert('svg')"></svg>

[Click me](javascript:alert('link')) and [also](JaVaScRiPt:alert('case'))
and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)

<iframe src="https://evil.example"></iframe><style>body { display: none }</style>
<a href="https://partner.example" onclick="alert('click')" style="color:red">partner</a>
<form action="https://evil.example"><input name="card"></form>

Plain **bold** text, a [relative link](/terms-and-conditions) and <b onmouseover="x()">b</b>.`;

describe('GET /api/data/page/{id}', () => {
  const testApp = useTestApp({ DATASET_VERSION_CHECK_MS: '0' });

  beforeAll(async () => {
    await testApp.app.db
      .insertInto('pages')
      .values({
        page_id: 90,
        slug: 'hostile-offer',
        locale: 'en',
        title: 'Offer',
        body: HOSTILE_BODY,
        updated_at: '2026-11-21T10:00:00.000Z',
      })
      .execute();
    await bumpDatasetVersion(testApp.app.db, 'content');
  });

  it('answers a page by slug as sanitised HTML rendered from its Markdown', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/contact-us',
    });
    expect(response.statusCode).toBe(200);
    const page = PageResponseSchema.parse(response.json());
    expect(page).toMatchObject({ id: 7, slug: 'contact-us', locale: 'en', title: 'Contact us' });
    expect(page.html).toContain('<h2>About an existing booking</h2>');
    expect(page.html).toContain('<strong>My bookings</strong>');
    expect(page.html).toContain('<a href="/terms-and-conditions">Terms and conditions</a>');
    expect(page.updatedAt).toBe('2026-11-20T09:00:00.000Z');
    expect(response.headers['last-modified']).toBe('Fri, 20 Nov 2026 09:00:00 GMT');
  });

  it('answers the same page by number', async () => {
    const bySlug = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/privacy-policy',
    });
    const byNumber = await testApp.app.inject({ method: 'GET', url: '/api/data/page/6' });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toEqual(bySlug.json());
    // Digits past a page number's nine are a slug, not an id out of the database's range.
    for (const id of ['9007199254740991', '9223372036854776000']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/data/page/${id}` });
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it("answers the visitor's locale, and English where there is no translation", async () => {
    const german = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/terms-and-conditions',
      headers: { 'accept-language': 'de' },
    });
    expect(PageResponseSchema.parse(german.json())).toMatchObject({
      id: 1,
      locale: 'de',
      title: 'Allgemeine Geschäftsbedingungen',
    });
    expect(german.headers.vary).toContain('Accept-Language');

    const french = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/1',
      headers: { cookie: 'uq_locale=fr' },
    });
    expect(PageResponseSchema.parse(french.json())).toMatchObject({ id: 1, locale: 'en' });
  });

  it('takes the locale from ?locale=, publicly cacheable', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/terms-and-conditions?locale=de',
    });
    expect(PageResponseSchema.parse(response.json()).locale).toBe('de');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=86400',
    );
    const disabled = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/terms-and-conditions?locale=ja',
    });
    expectApiError(disabled, 404, 'NOT_FOUND');
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/terms-and-conditions?locale=German',
    });
    expectApiError(malformed, 400, 'VALIDATION_ERROR');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/data/page/4' });
    const second = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/4',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it.each(['no-such-page', '999', '0'])('answers 404 for the unknown page %s', async (id) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/data/page/${id}` });
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it.each(['Terms', 'terms_and', '-terms', 'terms--x', 'ends-', 'a%20b', 'x'.repeat(101)])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/data/page/${id}` });
      const body = expectApiError(response, 400, 'VALIDATION_ERROR');
      expect(Object.keys(body.errors)).toEqual(['params.id']);
    },
  );

  it('renders a hostile page body without any way to run script', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/data/page/hostile-offer',
    });
    expect(response.statusCode).toBe(200);
    const { html } = PageResponseSchema.parse(response.json());
    expect(html).not.toMatch(/<script|<iframe|<style|<svg|<form|<input/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|data:text|style=/i);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/terms-and-conditions">relative link</a>');
    expect(html).toContain(
      '<a href="https://partner.example" rel="noopener noreferrer">partner</a>',
    );
  });

  it('follows content changes once the content data set is bumped', async () => {
    const before = PageResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/data/page/2' })).json(),
    );
    await testApp.app.db
      .updateTable('pages')
      .set({ title: 'Travel Protect, revised', updated_at: '2026-11-22T08:00:00.000Z' })
      .where('page_id', '=', 2)
      .where('locale', '=', 'en')
      .execute();
    await bumpDatasetVersion(testApp.app.db, 'content');
    const after = PageResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/data/page/2' })).json(),
    );
    expect(before.title).not.toBe(after.title);
    expect(after.title).toBe('Travel Protect, revised');
  });
});
