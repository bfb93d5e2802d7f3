import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportTicketSchema, type AttachmentMediaType } from '@uniquair/contract/support';
import { createAccount } from '../../../test/helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { AttachmentStore, type StagedFile } from './support.attachment-store.ts';
import { attachmentName, SupportAttachments } from './support.attachments.ts';
import { SupportService } from './support.service.ts';
import { attachmentDisposition } from './support.uploads.ts';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('attachment names', () => {
  it.each<[string, AttachmentMediaType, string]>([
    ['holiday.png', 'image/png', 'holiday.png'],
    ['IMG_0001.JPEG', 'image/jpeg', 'IMG_0001.jpeg'],
    ['../../etc/passwd', 'image/png', 'passwd.png'],
    ['C:\\Users\\ana\\scan.webp', 'image/webp', 'scan.webp'],
    ['shell.php', 'image/png', 'shell.php.png'],
    ['photo.svg', 'image/png', 'photo.svg.png'],
    // A right-to-left override would show "photo\u202Egnp.exe" as "photoexe.png".
    ['photo\u202Egnp.exe', 'image/png', 'photognp.exe.png'],
    ['a\u0000b\r\nc\t.png', 'image/png', 'abc.png'],
    ['my "best" <shot>?.png', 'image/png', 'my _best_ _shot__.png'],
    ['...', 'image/jpeg', 'image.jpg'],
    ['', 'image/webp', 'image.webp'],
    ['.png', 'image/png', 'png.png'],
    [`${'é'.repeat(300)}.png`, 'image/png', `${'é'.repeat(100)}.png`],
    ['Zürich – 東京.png', 'image/png', 'Zürich – 東京.png'],
  ])(
    'keep the name sent, without folders, hidden characters or a misleading extension: %j as %s is %j',
    (sent, type, kept) => {
      expect(attachmentName(sent, type)).toBe(kept);
    },
  );

  it('are sent in ASCII and in UTF-8, so no name can break out of the header', () => {
    expect(attachmentDisposition('scan.png')).toBe(
      `attachment; filename="scan.png"; filename*=UTF-8''scan.png`,
    );
    expect(attachmentDisposition('Zürich "1" 100%.png')).toBe(
      `attachment; filename="Z_rich _1_ 100_.png"; filename*=UTF-8''Z%C3%BCrich%20%221%22%20100%25.png`,
    );
    expect(attachmentDisposition("it's (1).png")).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});

/**
 * A failure after the images were written — here, the disk failing as the last file is moved
 * under its name, after the others were — leaves neither the message nor any file.
 */
describe(`support attachments written with their message (${dialectUnderTest()})`, () => {
  let test: TestApp;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'uniquair-attachments-'));
    test = await buildTestApp({ SUPPORT_ATTACHMENTS_DIR: folder });
  });

  afterAll(async () => {
    await test.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A store whose disk fails when the `failAt`-th file is moved under its name (after moving it). */
  class FailingStore extends AttachmentStore {
    #commits = 0;
    constructor(
      dir: string,
      readonly failAt: number,
    ) {
      super(dir);
    }

    override async stage(data: Uint8Array): Promise<StagedFile> {
      const staged = await super.stage(data);
      return {
        key: staged.key,
        discard: () => staged.discard(),
        commit: async () => {
          await staged.commit();
          this.#commits += 1;
          if (this.#commits === this.failAt) throw new Error('No space left on device');
        },
      };
    }
  }

  it('keeps no message and no file when the last file cannot be moved', async () => {
    const { app } = test;
    const traveller = await createAccount(app);
    const opened = await app.support.open(
      traveller.id,
      { subject: 'Photos', shortDescription: 'Of the damage', description: 'See the photos.' },
      null,
    );
    const ticketId = SupportTicketSchema.shape.id.parse(
      (JSON.parse(opened.body) as { ticket: { id: unknown } }).ticket.id,
    );
    const image = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const files = [1, 2, 3].map((index) => new File([image], `photo-${index}.png`));
    const service = new SupportService({
      db: app.db,
      now: () => app.now(),
      instance: app.instance,
      bookingOfUser: () => Promise.resolve(null),
      attachments: new SupportAttachments(new FailingStore(folder, 3)),
    });

    await expect(
      service.reply({ userId: traveller.id }, ticketId, 'Three photos.', files),
    ).rejects.toThrow('No space left on device');
    expect((await app.support.ticket({ userId: traveller.id }, ticketId)).messages).toEqual([]);
    expect(await app.db.selectFrom('support_attachments').selectAll().execute()).toEqual([]);
    expect(filesUnder(folder)).toEqual([]);

    // The same message on a working disk is kept whole.
    const working = new SupportService({
      db: app.db,
      now: () => app.now(),
      instance: app.instance,
      bookingOfUser: () => Promise.resolve(null),
      attachments: new SupportAttachments(new AttachmentStore(folder)),
    });
    const ticket = await working.reply({ userId: traveller.id }, ticketId, 'Three photos.', files);
    expect(ticket.messages[0]?.attachments.map((attachment) => attachment.name)).toEqual([
      'photo-1.png',
      'photo-2.png',
      'photo-3.png',
    ]);
    expect(filesUnder(folder)).toHaveLength(3);
    expect(filesUnder(folder).every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
  });
});
