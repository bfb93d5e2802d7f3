/**
 * One cached value per version key: the value is built when the key changes and shared by
 * everyone asking meanwhile (a build in progress is not started twice). A failed build is not
 * kept, so the next call tries again.
 */
export class VersionedCache<T> {
  #key: string | undefined;
  #value: Promise<T> | undefined;

  get(key: string, build: () => Promise<T>): Promise<T> {
    if (this.#key !== key || this.#value === undefined) {
      const value = build();
      this.#key = key;
      this.#value = value;
      value.catch(() => {
        if (this.#value === value) {
          this.#key = undefined;
          this.#value = undefined;
        }
      });
    }
    return this.#value;
  }
}

/**
 * A bounded memo of values derived from one version of some data (per locale, per currency …):
 * emptied when the version changes, and when it holds `maxEntries` values.
 */
export class DerivedCache<T> {
  readonly #maxEntries: number;
  #version: unknown;
  readonly #entries = new Map<string, T>();

  constructor(maxEntries = 1000) {
    this.#maxEntries = maxEntries;
  }

  /** The value for `key` in this version, built and kept on first use. */
  get(version: unknown, key: string, build: () => T): T {
    let value = this.find(version, key);
    if (value === undefined) {
      value = build();
      this.set(version, key, value);
    }
    return value;
  }

  /** The value kept for `key` in this version, if any. */
  find(version: unknown, key: string): T | undefined {
    if (this.#version !== version) {
      this.#entries.clear();
      this.#version = version;
    }
    return this.#entries.get(key);
  }

  /** Keeps a value for `key` in this version. */
  set(version: unknown, key: string, value: T): void {
    if (this.#version !== version) {
      this.#entries.clear();
      this.#version = version;
    }
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, value);
  }
}
