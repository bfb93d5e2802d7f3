import { describe, expect, it } from 'vitest';
import { json, mockApi, noAnswer } from '../testing/mock-api.ts';
import { conditionalGet, type ResponseStore, type StoredResponse } from './conditional-get.ts';

function memoryStore(): ResponseStore & { entries: Map<string, StoredResponse> } {
  const entries = new Map<string, StoredResponse>();
  return {
    entries,
    read: (url: string) => Promise.resolve(entries.get(url)),
    write: (url, entry) => {
      entries.set(url, entry);
      return Promise.resolve();
    },
  };
}

const LAST_MODIFIED = 'Sat, 21 Nov 2026 10:00:00 GMT';

describe('conditionalGet', () => {
  it('stores the answer with its Last-Modified date, then asks with If-Modified-Since', async () => {
    const store = memoryStore();
    const asked: (string | null)[] = [];
    mockApi({
      'GET /api/data/routes': ({ headers }) => {
        asked.push(headers.get('if-modified-since'));
        return asked.length === 1
          ? json({ routes: [1] }, { headers: { 'last-modified': LAST_MODIFIED } })
          : new Response(null, { status: 304 });
      },
    });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [1] });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [1] });
    expect(asked).toEqual([null, LAST_MODIFIED]);
  });

  it('replaces the stored copy when the server has a newer one', async () => {
    const store = memoryStore();
    await store.write('/api/data/routes', { lastModified: LAST_MODIFIED, body: '{"routes":[1]}' });
    mockApi({
      'GET /api/data/routes': () =>
        json({ routes: [2] }, { headers: { 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' } }),
    });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [2] });
    expect(store.entries.get('/api/data/routes')).toEqual({
      lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT',
      body: '{"routes":[2]}',
    });
  });

  it('answers without waiting for the copy to be kept', async () => {
    const store: ResponseStore = {
      read: () => Promise.resolve(undefined),
      write: () => new Promise<void>(() => {}),
    };
    mockApi({
      'GET /api/data/routes': () =>
        json({ routes: [3] }, { headers: { 'last-modified': LAST_MODIFIED } }),
    });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [3] });
  });

  it('asks again without the condition when the stored copy is damaged', async () => {
    const store = memoryStore();
    await store.write('/api/data/routes', { lastModified: LAST_MODIFIED, body: '{"routes":[' });
    mockApi({
      'GET /api/data/routes': ({ headers }) =>
        headers.get('if-modified-since')
          ? new Response(null, { status: 304 })
          : json({ routes: [4] }, { headers: { 'last-modified': LAST_MODIFIED } }),
    });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [4] });
  });

  it('uses the stored copy when offline, and fails without one', async () => {
    const store = memoryStore();
    mockApi({ 'GET /api/data/routes': noAnswer });
    await expect(conditionalGet('/api/data/routes', store)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    await store.write('/api/data/routes', { lastModified: LAST_MODIFIED, body: '{"routes":[1]}' });
    await expect(conditionalGet('/api/data/routes', store)).resolves.toEqual({ routes: [1] });
  });
});
