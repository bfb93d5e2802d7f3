import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveCookieSecret } from './cookies.ts';

describe('resolveCookieSecret', () => {
  const folders: string[] = [];
  const log = { info: () => undefined, warn: () => undefined };
  const secretFileIn = () => {
    const folder = mkdtempSync(join(tmpdir(), 'uniquair-secret-'));
    folders.push(folder);
    return join(folder, 'nested', 'session-secret');
  };

  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('uses SESSION_SECRET whenever it is set', () => {
    const secret = 's'.repeat(40);
    expect(resolveCookieSecret({ env: 'production', sessionSecret: secret }, log)).toBe(secret);
    expect(resolveCookieSecret({ env: 'development', sessionSecret: secret }, log)).toBe(secret);
  });

  it('refuses to run in production without one', () => {
    expect(() => resolveCookieSecret({ env: 'production', sessionSecret: undefined }, log)).toThrow(
      /SESSION_SECRET/,
    );
  });

  it('keeps a generated development secret in a private file, stable across restarts', () => {
    const file = secretFileIn();
    const first = resolveCookieSecret({ env: 'development', sessionSecret: undefined }, log, file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveCookieSecret({ env: 'development', sessionSecret: undefined }, log, file);
    expect(second).toBe(first);
  });

  it('replaces a development secret file that is too short', () => {
    const file = secretFileIn();
    resolveCookieSecret({ env: 'development', sessionSecret: undefined }, log, file);
    writeFileSync(file, 'short\n');
    const replaced = resolveCookieSecret(
      { env: 'development', sessionSecret: undefined },
      log,
      file,
    );
    expect(replaced).toHaveLength(64);
  });

  it('uses a new random secret per test process, writing nothing', () => {
    const file = secretFileIn();
    const a = resolveCookieSecret({ env: 'test', sessionSecret: undefined }, log, file);
    const b = resolveCookieSecret({ env: 'test', sessionSecret: undefined }, log, file);
    expect(a).not.toBe(b);
    expect(() => statSync(file)).toThrow();
  });
});
