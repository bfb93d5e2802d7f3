import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('builds once per key and shares the build in progress', async () => {
    const cache = new VersionedCache<string>();
    let builds = 0;
    const build = async () => `value ${++builds}`;
    const [a, b] = await Promise.all([cache.get('v1', build), cache.get('v1', build)]);
    expect([a, b, builds]).toEqual(['value 1', 'value 1', 1]);
    expect(await cache.get('v2', build)).toBe('value 2');
  });

  it('forgets a failed build, so the next call tries again', async () => {
    const cache = new VersionedCache<string>();
    await expect(cache.get('v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('v1', async () => 'back')).toBe('back');
  });
});
