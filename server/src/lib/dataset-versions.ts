import type { IsoInstant } from '../db/columns.ts';

/** The versions of the public data sets at one moment (`dataset_versions`). */
export class DatasetVersions {
  readonly #versions: ReadonlyMap<string, IsoInstant>;

  constructor(versions: ReadonlyMap<string, IsoInstant>) {
    this.#versions = versions;
  }

  /** The version time of a data set, or undefined when it has none yet. */
  get(name: string): IsoInstant | undefined {
    return this.#versions.get(name);
  }

  /** The version time as a Date, or undefined. */
  date(name: string): Date | undefined {
    const value = this.#versions.get(name);
    return value === undefined ? undefined : new Date(value);
  }

  /** A key that changes whenever any of the named data sets changes. */
  key(...names: readonly string[]): string {
    return names.map((name) => `${name}@${this.#versions.get(name) ?? '-'}`).join('|');
  }
}

/**
 * Watches `dataset_versions` for caches of public data: the versions are read at most once per
 * `checkIntervalMs` (0: on every call) and shared by concurrent callers, so a cache in this
 * process follows a change made by a seed, an import command or another process within that
 * interval, without a query per request. When a reading fails (the database is briefly
 * unreachable) the last versions stay in use, so cached data keeps being served; the failure goes
 * to `onError` and the next call after the interval tries again.
 */
export class DatasetVersionWatcher {
  readonly #load: () => Promise<ReadonlyMap<string, IsoInstant>>;
  readonly #checkIntervalMs: number;
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;
  #current: DatasetVersions | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<DatasetVersions> | undefined;

  constructor(
    load: () => Promise<ReadonlyMap<string, IsoInstant>>,
    options: {
      checkIntervalMs: number;
      now?: () => number;
      onError?: (error: unknown) => void;
    },
  ) {
    this.#load = load;
    this.#checkIntervalMs = options.checkIntervalMs;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** The current versions, read again when the last reading is older than the interval. */
  current(): Promise<DatasetVersions> {
    const now = this.#now();
    if (this.#current !== undefined && now - this.#checkedAt < this.#checkIntervalMs) {
      return Promise.resolve(this.#current);
    }
    this.#pending ??= this.#load()
      .then(
        (versions) => {
          this.#current = new DatasetVersions(versions);
          this.#checkedAt = now;
          return this.#current;
        },
        (error: unknown) => {
          if (this.#current === undefined) throw error;
          this.#onError(error);
          this.#checkedAt = now;
          return this.#current;
        },
      )
      .finally(() => {
        this.#pending = undefined;
      });
    return this.#pending;
  }

  /** Forgets the last reading: the next call reads the versions again. */
  invalidate(): void {
    this.#checkedAt = Number.NEGATIVE_INFINITY;
  }
}
