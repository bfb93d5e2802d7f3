import type { SearchStatus } from '@uniquair/contract/search';
import type { JobSearch } from './search.job-parts.ts';

/** Where a search stands, as every transport reports it. */
export interface SearchSnapshot {
  hash: string;
  status: SearchStatus;
  progress: number;
  /** The result as JSON text, when the status is `done`. */
  result: string | null;
  /** When the search finished: `Last-Modified`, and part of the `ETag`. */
  finishedAt: string | null;
  expiresAt: string | null;
}

/** A job running in this process. */
export class RunningJob {
  status: SearchStatus = 'progress';
  progress = 0;
  result: string | null = null;
  finishedAt: string | null = null;
  expiresAt: string | null = null;
  lastProgressWrite = 0;
  progressWrites: Promise<void> = Promise.resolve();
  readonly controller = new AbortController();
  readonly finished: Promise<void>;
  #resolve!: () => void;

  constructor(
    readonly job: JobSearch,
    readonly startedAt: string,
  ) {
    this.finished = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  snapshot(): SearchSnapshot {
    return {
      hash: this.job.hash,
      status: this.status,
      progress: this.progress,
      result: this.result,
      finishedAt: this.finishedAt,
      expiresAt: this.expiresAt,
    };
  }

  end(): void {
    this.#resolve();
  }
}

/** A search just claimed, before any part answered. */
export function emptySnapshot(hash: string): SearchSnapshot {
  return { hash, status: 'progress', progress: 0, result: null, finishedAt: null, expiresAt: null };
}
