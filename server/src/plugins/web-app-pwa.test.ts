import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestAppServing } from '../../test/helpers/build.ts';

describe('serving the service worker and the manifest', () => {
  const testApp = useTestAppServing({
    'index.html': '<!doctype html><div id="root"></div>',
    'service-worker.js': 'self.addEventListener("fetch", () => {});',
    'manifest.webmanifest': '{"name":"Uniquair"}',
  });

  it('serves /service-worker.js as JavaScript, never cached without revalidation', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.body).toContain('addEventListener');
  });

  it('serves the manifest with its registered type', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing worker file with 404, not the app shell', async () => {
    rmSync(join(testApp.dist, 'service-worker.js'));
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/service-worker.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
