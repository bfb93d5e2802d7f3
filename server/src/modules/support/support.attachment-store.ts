import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A storage key: 128 random bits in hex, also the file's name. */
const STORAGE_KEY = /^[0-9a-f]{32}$/;
/** A file being written: `.<key>.<random>.part`. */
const PARTIAL_FILE = /^\.[0-9a-f]{32}\.[0-9a-f]{8}\.part$/;
/** The subfolders: the keys' first two digits. */
const SUBFOLDER = /^[0-9a-f]{2}$/;

/** A file of the store as a clean-up sees it. */
export interface StoredFile {
  /** Its storage key, or null for a file still being written (`.part`). */
  readonly key: string | null;
  readonly modifiedAt: Date;
  /** Removes it; a file already gone is not an error. */
  remove(): Promise<void>;
}

/** A file written under a temporary name, not yet under its key. */
export interface StagedFile {
  readonly key: string;
  /** Moves it under its key (an atomic rename in the same folder). */
  commit(): Promise<void>;
  /** Removes it, under either name; never fails. */
  discard(): Promise<void>;
}

/**
 * The files of support attachments on disk (docs/decisions/007-support-attachments-on-disk.md):
 * one folder outside the web app (`SUPPORT_ATTACHMENTS_DIR`), a file per image named by a random
 * storage key, in a subfolder named by the key's first two digits so that no folder grows too
 * large. A file is written whole under a temporary name (`.<key>.<random>.part`, synced to disk)
 * and renamed under its key only when the message it goes with is recorded, so no reader ever
 * sees half a file. The folder is created when first written to.
 */
export class AttachmentStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #folderOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('Not a storage key');
    return join(this.#dir, key.slice(0, 2));
  }

  /** Where the file of `key` is (for tests and operators). */
  pathOf(key: string): string {
    return join(this.#folderOf(key), key);
  }

  /** Writes `data` under a temporary name beside where its key will be. */
  async stage(data: Uint8Array): Promise<StagedFile> {
    const key = randomBytes(16).toString('hex');
    const folder = this.#folderOf(key);
    const final = join(folder, key);
    const temporary = join(folder, `.${key}.${randomBytes(4).toString('hex')}.part`);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } catch (error) {
      await file.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await file.close();
    return {
      key,
      commit: () => rename(temporary, final),
      discard: async () => {
        await Promise.allSettled([rm(temporary, { force: true }), rm(final, { force: true })]);
      },
    };
  }

  /**
   * The store's files, one subfolder at a time (the keys of a subfolder together, for a clean-up
   * to look up at once). Only names the store writes are listed: anything else in the folder is
   * left alone.
   */
  async *folders(): AsyncGenerator<StoredFile[]> {
    for (const folder of (await entriesOf(this.#dir)).filter((name) => SUBFOLDER.test(name))) {
      const files: StoredFile[] = [];
      for (const name of await entriesOf(join(this.#dir, folder))) {
        const partial = PARTIAL_FILE.test(name);
        if (!partial && !(STORAGE_KEY.test(name) && name.startsWith(folder))) continue;
        const path = join(this.#dir, folder, name);
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) continue;
        files.push({
          key: partial ? null : name,
          modifiedAt: info.mtime,
          remove: () => rm(path, { force: true }),
        });
      }
      yield files;
    }
  }

  /** The bytes stored under `key`, or null when there is no such file. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

/** The names in a folder; none when it does not exist (nothing was ever written). */
async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
