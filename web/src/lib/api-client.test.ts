import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockApi, neverAnswers, noAnswer } from '../testing/mock-api.ts';
import { apiFetch, apiGet, apiPost, ApiError, onUnauthorized } from './api-client.ts';

describe('api client', () => {
  // What the client hands to `fetch` (the mock server answers it).
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch');
  });

  afterEach(() => {
    vi.mocked(globalThis.fetch).mockRestore();
  });

  it('sends same-origin JSON requests and reads JSON answers', async () => {
    mockApi({ 'GET /api/data/init': () => json({ ok: 1 }) });
    await expect(apiGet('/api/data/init')).resolves.toEqual({ ok: 1 });
    const [, init] = vi.mocked(globalThis.fetch).mock.calls[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('sends a JSON body with every POST, {} when there is none', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'POST /api/x': ({ body, headers }) => {
        bodies.push([body, headers.get('content-type')]);
        return json({ success: true });
      },
    });
    await apiPost('/api/x');
    await apiPost('/api/x', { a: 1 });
    expect(bodies).toEqual([
      [{}, 'application/json'],
      [{ a: 1 }, 'application/json'],
    ]);
  });

  it('sends a FormData as a multipart form, leaving the boundary to the browser', async () => {
    mockApi({ 'POST /api/upload': () => json({ success: true }) });
    const form = new FormData();
    form.append('avatar', new File(['x'], 'a.png', { type: 'image/png' }));
    await apiFetch('/api/upload', { method: 'POST', body: form });
    const [, init] = vi.mocked(globalThis.fetch).mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('turns the error envelope into a typed ApiError', async () => {
    mockApi({
      'POST /api/x': () => errorBody(400, 'VALIDATION_ERROR', { 'body.email': ['Required'] }),
    });
    const error = await apiPost('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: { 'body.email': ['Required'] },
    });
  });

  it('names errors without an envelope by their status', async () => {
    mockApi({ 'GET /api/x': () => new Response('gone', { status: 404 }) });
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('resolves 304 without a body, with the headers', async () => {
    mockApi({ 'GET /api/x': () => new Response(null, { status: 304, headers: { etag: '"1"' } }) });
    const answer = await apiFetch('/api/x');
    expect(answer.status).toBe(304);
    expect(answer.data).toBeUndefined();
  });

  it('reads a 304 to its end, so the browser does not report the request as aborted', async () => {
    const notModified = new Response(null, { status: 304 });
    const read = vi.spyOn(notModified, 'arrayBuffer');
    // The answer object itself, not the mock server's copy of it, so that its reading is seen.
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(notModified);
    await apiFetch('/api/x');
    expect(read).toHaveBeenCalledOnce();
  });

  it('announces 401 and ERROR_UNAUTHORIZED, unless told not to', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    mockApi({
      'GET /api/a': () => errorBody(401, 'ERROR_UNAUTHORIZED'),
      'GET /api/b': () => errorBody(403, 'ERROR_UNAUTHORIZED'),
    });
    await expect(apiGet('/api/a')).rejects.toMatchObject({ code: 'ERROR_UNAUTHORIZED' });
    await expect(apiGet('/api/b')).rejects.toMatchObject({ status: 403 });
    await expect(apiGet('/api/a', { notifyUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('reports a network failure as NETWORK_ERROR and a slow answer as TIMEOUT', async () => {
    mockApi({ 'GET /api/x': noAnswer });
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      isNetworkError: true,
    });

    mockApi({ 'GET /api/x': neverAnswers });
    await expect(apiGet('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      code: 'TIMEOUT',
    });
  });
});
