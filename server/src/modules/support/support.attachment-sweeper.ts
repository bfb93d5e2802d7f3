import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AttachmentStore } from './support.attachment-store.ts';
import { storedAttachmentKeys } from './support.repository.ts';

/**
 * How old a file must be before the clean-up may remove it: far longer than writing a message
 * takes, so a file moved under its key an instant before its message commits is never taken.
 */
export const ATTACHMENT_SWEEP_GRACE_MS = 24 * 60 * 60_000;
/** How often a server process looks for files to remove. */
export const ATTACHMENT_SWEEP_INTERVAL_MS = 6 * 60 * 60_000;

/**
 * Removes the attachment files nobody can reach any more (docs/decisions/007): files still named
 * `.part` (a process stopped while writing) and files whose key no attachment row names (a process
 * stopped between the rename and the commit, or a ticket, message or account deleted), once they
 * are older than {@link ATTACHMENT_SWEEP_GRACE_MS}. Answers how many it removed. Several processes
 * sweeping at once is harmless: removing a file already gone is not an error.
 */
export async function sweepAttachmentFiles(options: {
  store: AttachmentStore;
  db: Kysely<Database>;
  now: Date;
}): Promise<number> {
  const cutoff = options.now.getTime() - ATTACHMENT_SWEEP_GRACE_MS;
  let removed = 0;
  for await (const files of options.store.folders()) {
    const old = files.filter((file) => file.modifiedAt.getTime() < cutoff);
    const keys = old.flatMap((file) => (file.key === null ? [] : [file.key]));
    const known = await storedAttachmentKeys(options.db, keys);
    for (const file of old) {
      if (file.key !== null && known.has(file.key)) continue;
      await file.remove();
      removed += 1;
    }
  }
  return removed;
}
