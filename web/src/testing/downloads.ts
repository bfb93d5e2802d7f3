import { vi } from 'vitest';

/** What the page handed to the browser to save: each file and the name it was saved under. */
export interface CaughtDownloads {
  readonly files: Blob[];
  readonly names: string[];
}

/**
 * Catches the downloads a page starts (`URL.createObjectURL` then a link's click), at the
 * browser's edge: the global `URL` is replaced by a subclass with its own object URLs until
 * `vi.unstubAllGlobals()`, and links' clicks are spied on until `vi.restoreAllMocks()`.
 */
export function catchDownloads(): CaughtDownloads {
  const caught: CaughtDownloads = { files: [], names: [] };
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        caught.files.push(blob);
        return `blob:download-${caught.files.length}`;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    caught.names.push(this.download);
  });
  return caught;
}
