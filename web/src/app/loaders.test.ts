import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { mockAppApi } from '../testing/mock-api.ts';
import { startupLoader } from './loaders.ts';
import { PRELOADED_STARTUP_READS } from './startup-reads.ts';

describe('startupLoader', () => {
  it('makes every read index.html announces for preloading, so none is fetched for nothing', async () => {
    const api = mockAppApi();
    await startupLoader(createQueryClient());
    expect(api.calls).toEqual(
      expect.arrayContaining(PRELOADED_STARTUP_READS.map((path) => `GET ${path}`)),
    );
  });
});
