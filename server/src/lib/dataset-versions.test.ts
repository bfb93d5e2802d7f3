import { describe, expect, it } from 'vitest';
import { DatasetVersionWatcher, DatasetVersions } from './dataset-versions.ts';

describe('DatasetVersions', () => {
  it('names each version in its key, and a missing one as -', () => {
    const versions = new DatasetVersions(new Map([['routes', '2026-11-22T10:00:00.000Z']]));
    expect(versions.key('routes', 'content')).toBe('routes@2026-11-22T10:00:00.000Z|content@-');
    expect(versions.date('routes')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(versions.date('content')).toBeUndefined();
  });
});

describe('DatasetVersionWatcher', () => {
  function watcher(checkIntervalMs: number) {
    let clock = 0;
    let loads = 0;
    const instance = new DatasetVersionWatcher(
      async () => {
        loads += 1;
        return new Map([['routes', `v${loads}`]]);
      },
      { checkIntervalMs, now: () => clock },
    );
    return {
      instance,
      loads: () => loads,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('reads the versions again only once the interval has passed', async () => {
    const { instance, loads, advance } = watcher(1000);
    expect((await instance.current()).get('routes')).toBe('v1');
    advance(999);
    expect((await instance.current()).get('routes')).toBe('v1');
    expect(loads()).toBe(1);
    advance(1);
    expect((await instance.current()).get('routes')).toBe('v2');
    instance.invalidate();
    expect((await instance.current()).get('routes')).toBe('v3');
  });

  it('shares one reading between concurrent callers', async () => {
    const { instance, loads } = watcher(0);
    const results = await Promise.all([instance.current(), instance.current(), instance.current()]);
    expect(loads()).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('reads on every call with an interval of 0', async () => {
    const { instance, loads } = watcher(0);
    await instance.current();
    await instance.current();
    expect(loads()).toBe(2);
  });

  it('keeps the last versions when a reading fails, and tries again after the interval', async () => {
    let clock = 0;
    let fail = false;
    const errors: unknown[] = [];
    const instance = new DatasetVersionWatcher(
      async () => {
        if (fail) throw new Error('database unreachable');
        return new Map([['routes', 'v1']]);
      },
      { checkIntervalMs: 1000, now: () => clock, onError: (error) => errors.push(error) },
    );
    expect((await instance.current()).get('routes')).toBe('v1');
    fail = true;
    clock = 5000;
    expect((await instance.current()).get('routes')).toBe('v1');
    expect(errors).toHaveLength(1);
    clock = 5500;
    await instance.current();
    expect(errors).toHaveLength(1);
  });

  it('fails when it has never read the versions', async () => {
    const instance = new DatasetVersionWatcher(
      () => Promise.reject(new Error('database unreachable')),
      { checkIntervalMs: 0 },
    );
    await expect(instance.current()).rejects.toThrow('database unreachable');
  });
});
