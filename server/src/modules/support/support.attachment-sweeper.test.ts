import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import {
  filePart,
  multipartForm,
  supportUploads,
  testPng,
} from '../../../test/helpers/support-uploads.ts';
import { AttachmentStore } from './support.attachment-store.ts';
import { ATTACHMENT_SWEEP_GRACE_MS, sweepAttachmentFiles } from './support.attachment-sweeper.ts';

const HOUR = 60 * 60_000;

/**
 * The clean-up of attachment files nobody can reach (docs/decisions/007): it removes what a
 * stopped process or a deleted ticket left, once old enough, and nothing a message names, nothing
 * recent and nothing the store did not write.
 */
describe(`support attachment files' clean-up (${dialectUnderTest()})`, () => {
  const uploads = supportUploads();

  /** Writes a file in the store's layout under `root`, last changed `ageMs` ago. */
  function leftover(
    root: string,
    name: string,
    ageMs: number,
    folder = name.replace(/^\./, '').slice(0, 2),
  ) {
    const path = join(root, folder, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, randomBytes(64));
    const when = new Date(Date.now() - ageMs);
    utimesSync(path, when, when);
    return path;
  }

  it('removes old files no attachment names and old partial files, and keeps everything else', async () => {
    const app = uploads.app();
    const traveller = await uploads.traveller();
    const ticket = await uploads.openTicket(traveller);
    const sent = await uploads.call(
      'POST',
      `/api/support/tickets/${ticket.id}/messages`,
      traveller,
      multipartForm([{ field: 'body', value: 'The handle.' }, filePart(await testPng())]),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [named] = uploads.storedFiles();
    if (named === undefined) throw new Error('the image was not stored');
    const root = dirname(dirname(named));
    const store = new AttachmentStore(root);
    // The named file is old too: age alone never removes a file a message names.
    utimesSync(named, new Date(Date.now() - 3 * 24 * HOUR), new Date(Date.now() - 3 * 24 * HOUR));

    const key = () => randomBytes(16).toString('hex');
    const orphan = leftover(root, key(), ATTACHMENT_SWEEP_GRACE_MS + HOUR);
    const orphanKey = key();
    const partial = leftover(
      root,
      `.${orphanKey}.${randomBytes(4).toString('hex')}.part`,
      2 * 24 * HOUR,
    );
    const recentOrphan = leftover(root, key(), HOUR);
    const recentPartial = leftover(root, `.${key()}.0badcafe.part`, HOUR);
    const foreign = leftover(root, 'notes.txt', 10 * 24 * HOUR, 'ab');
    const misfiled = leftover(root, `ff${key().slice(2)}`, 10 * 24 * HOUR, '00');

    expect(await sweepAttachmentFiles({ store, db: app.db, now: new Date() })).toBe(2);
    const left = uploads.storedFiles();
    expect(left).toContain(named);
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(partial);
    expect(left).toEqual(expect.arrayContaining([recentOrphan, recentPartial, foreign, misfiled]));
    // The image is still served.
    const [attachment] =
      (await uploads.conversation(traveller, ticket.id)).messages[0]?.attachments ?? [];
    const download = await uploads.call(
      'GET',
      `/api/support/tickets/${ticket.id}/attachments/${attachment?.id ?? ''}`,
      traveller,
    );
    expect(download.statusCode).toBe(200);

    // A ticket deleted (its rows cascade away) leaves its file to the next clean-up.
    await app.db.deleteFrom('support_tickets').where('id', '=', ticket.id).execute();
    expect(await sweepAttachmentFiles({ store, db: app.db, now: new Date() })).toBe(1);
    expect(uploads.storedFiles()).not.toContain(named);
    expect(basename(named)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finds nothing to do in a folder never written to', async () => {
    const store = new AttachmentStore(
      join(tmpdir(), `uniquair-none-${randomBytes(4).toString('hex')}`),
    );
    expect(await sweepAttachmentFiles({ store, db: uploads.app().db, now: new Date() })).toBe(0);
  });
});
