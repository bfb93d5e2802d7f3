import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { mockAppApi } from '../testing/mock-api.ts';
import { startupLoader } from './loaders.ts';
import { STARTUP_READS } from './startup-reads.ts';

describe('startupLoader', () => {
  it('makes exactly the reads index.html announces for preloading', async () => {
    const api = mockAppApi();
    await startupLoader(createQueryClient());
    expect([...api.calls].sort()).toEqual(STARTUP_READS.map((path) => `GET ${path}`).sort());
  });
});
