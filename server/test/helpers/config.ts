import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';

/** One test per `[NAME, value]`: the setting is refused with an error that names it. */
export function itRejectsSettings(settings: readonly (readonly [string, string])[]): void {
  it.each(settings)('rejects %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
}
