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

  it('peeks at a value only once it is built, and only for the current key', async () => {
    const cache = new VersionedCache<string>();
    let finish: (value: string) => void = () => undefined;
    const pending = cache.get('v1', () => new Promise((resolve) => (finish = resolve)));
    expect(cache.peek('v1')).toBeUndefined();
    finish('one');
    await pending;
    expect(cache.peek('v1')).toBe('one');
    expect(cache.peek('v2')).toBeUndefined();
    // A newer key being built hides the older value.
    const next = cache.get('v2', async () => 'two');
    expect(cache.peek('v1')).toBeUndefined();
    await next;
    expect(cache.peek('v2')).toBe('two');
  });

  it('forgets a failed build, so the next call tries again and nothing is peeked', async () => {
    const cache = new VersionedCache<string>();
    await expect(cache.get('v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.peek('v1')).toBeUndefined();
    expect(await cache.get('v1', async () => 'back')).toBe('back');
    expect(cache.peek('v1')).toBe('back');
  });
});
