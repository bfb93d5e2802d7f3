import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AttachmentMediaType, SupportAttachment } from '@uniquair/contract/support';
import type { Database } from '../../db/database.ts';
import { reencodeAttachment } from './support.attachment-image.ts';
import type { AttachmentStore, StagedFile } from './support.attachment-store.ts';
import {
  attachmentsOfMessages,
  insertAttachments,
  type AttachmentRow,
} from './support.repository.ts';
import { notFound } from './support.views.ts';

/** Longest file name kept, in characters, before its extension. */
const NAME_MAX = 100;

const EXTENSIONS: Readonly<Record<AttachmentMediaType, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/**
 * The name an image is kept and downloaded under, from the name it was sent with: no folders, no
 * control, format or line-separator characters (bidirectional overrides that would disguise the
 * extension included), none of `"*:<>?|` and no leading dots; at most 100 characters before an
 * extension that matches the image's real type (`photo.svg` holding a PNG is `photo.svg.png`).
 * An empty name is `image`.
 */
export function attachmentName(sent: string, type: AttachmentMediaType): string {
  const base = sent.split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/["*:<>?|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const accepted = EXTENSIONS[type];
  const keeps = accepted.includes(extension);
  const stem = Array.from(keeps ? clean.slice(0, dot) : clean)
    .slice(0, NAME_MAX)
    .join('')
    .trim();
  return `${stem === '' ? 'image' : stem}.${keeps ? extension : (accepted[0] ?? 'img')}`;
}

/** An image as the API lists it. */
export function attachmentOf(row: AttachmentRow): SupportAttachment {
  return { id: row.id, name: row.name, type: row.type, size: Number(row.size) };
}

/** Images of a message, re-encoded and written under temporary names: nothing is visible yet. */
export interface StagedAttachments {
  /**
   * In the message's transaction, once the message is written: the rows, then the files moved
   * under their names. Whatever fails after this, `discard` undoes.
   */
  record(trx: Kysely<Database>, messageId: number, now: string): Promise<void>;
  /** After a failure (the transaction rolled back): removes every file written. */
  discard(): Promise<void>;
}

/** An image to download: its name, type and bytes. */
export interface AttachmentFile {
  name: string;
  type: AttachmentMediaType;
  data: Buffer;
}

/**
 * The images sent with support messages (docs/support.md "Attachments"), for the traveller's
 * routes and the desk alike: each upload re-encoded (`reencodeAttachment`), its file written
 * before the message's transaction and kept only when the transaction commits, so a refused
 * image or a failed write leaves neither a message without its images nor a file without its
 * message.
 */
export class SupportAttachments {
  readonly #store: AttachmentStore;

  constructor(store: AttachmentStore) {
    this.#store = store;
  }

  /**
   * Re-encodes the uploads one after the other (memory and CPU stay bounded) and writes them
   * under temporary names. Any refused upload refuses them all, and removes what was written.
   */
  async stage(uploads: readonly File[]): Promise<StagedAttachments> {
    const staged: { file: StagedFile; name: string; type: AttachmentMediaType; size: number }[] =
      [];
    const discard = async () => {
      await Promise.all(staged.map(({ file }) => file.discard()));
    };
    try {
      for (const upload of uploads) {
        const image = await reencodeAttachment(Buffer.from(await upload.arrayBuffer()));
        staged.push({
          file: await this.#store.stage(image.data),
          name: attachmentName(upload.name, image.type),
          type: image.type,
          size: image.data.length,
        });
      }
    } catch (error) {
      await discard();
      throw error;
    }
    return {
      record: async (trx, messageId, now) => {
        await insertAttachments(
          trx,
          staged.map((image, position) => ({
            id: randomBytes(16).toString('hex'),
            message_id: messageId,
            name: image.name,
            type: image.type,
            size: image.size,
            position,
            storage_key: image.file.key,
            created_at: now,
          })),
        );
        for (const image of staged) await image.file.commit();
      },
      discard,
    };
  }

  /** The images of these messages as the API lists them, by message id. */
  async byMessage(
    db: Kysely<Database>,
    messageIds: readonly number[],
  ): Promise<Map<number, SupportAttachment[]>> {
    const found = new Map<number, SupportAttachment[]>();
    for (const row of await attachmentsOfMessages(db, messageIds)) {
      const messageId = Number(row.message_id);
      const list = found.get(messageId) ?? [];
      list.push(attachmentOf(row));
      found.set(messageId, list);
    }
    return found;
  }

  /** The bytes of an image; NOT_FOUND when its file is gone. */
  async file(row: AttachmentRow): Promise<AttachmentFile> {
    const data = await this.#store.read(row.storage_key);
    if (data === null) throw notFound();
    return { name: row.name, type: row.type, data };
  }
}

/**
 * Runs `write` (the message's transaction) with the staged images; when it fails, their files
 * are removed before the failure goes on.
 */
export async function withStaged<T>(
  staged: StagedAttachments | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await staged?.discard();
    throw error;
  }
}
