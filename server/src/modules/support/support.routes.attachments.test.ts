import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeskTicketResponseSchema, SupportTicketResponseSchema } from '@uniquair/contract/support';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  filePart,
  type FormPart,
  jpegWithGps,
  multipartForm,
  PHP_SCRIPT,
  supportUploads,
  testPng,
} from '../../../test/helpers/support-uploads.ts';

/**
 * Images sent with support messages (docs/support.md "Attachments"), by the traveller and by the
 * team: listed with their message, downloaded by whom may see them (with headers that keep
 * browsers from running them) and by nobody else, cleaned of every metadata block. The refusals
 * are in `support.routes.attachment-refusals.test.ts`.
 */
describe(`support attachments (${dialectUnderTest()})`, () => {
  const api = supportUploads();
  const { call, conversation, openTicket, storedFiles, traveller } = api;
  let agentCookie: string;

  beforeAll(async () => {
    agentCookie = await api.agent();
  });

  /** The first reply on a ticket, by `cookie`'s traveller with `files`; answers it as listed. */
  async function replyWith(cookie: string, ticketId: number, body: string, files: FormPart[]) {
    const sent = await call(
      'POST',
      `/api/support/tickets/${ticketId}/messages`,
      cookie,
      multipartForm([{ field: 'body', value: body }, ...files]),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    return SupportTicketResponseSchema.parse(sent.json()).ticket.messages[0];
  }

  /** A reply of `cookie`'s traveller with one image; answers the image as the message lists it. */
  async function replyWithImage(cookie: string, ticketId: number, body: string, file: FormPart) {
    const attachment = (await replyWith(cookie, ticketId, body, [file]))?.attachments[0];
    if (attachment === undefined) throw new Error('no attachment');
    return attachment;
  }

  /** A new traveller's ticket with `file` on a reply: the image as listed, and as downloaded. */
  async function sendAndDownload(body: string, file: FormPart) {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const attachment = await replyWithImage(cookie, ticket.id, body, file);
    const path = `/api/support/tickets/${ticket.id}/attachments/${attachment.id}`;
    return { attachment, stored: await call('GET', path, cookie) };
  }

  it('takes a PNG with a reply; its traveller and the team download it, nobody else', async () => {
    const owner = await traveller();
    const ticket = await openTicket(owner);
    const before = storedFiles().length;
    const message = await replyWith(owner, ticket.id, '  The handle, as it arrived.  ', [
      filePart(await testPng(), 'handle.png'),
    ]);
    expect(message).toMatchObject({ author: 'traveller', body: 'The handle, as it arrived.' });
    expect(message?.attachments).toHaveLength(1);
    const attachment = message?.attachments[0];
    if (attachment === undefined) throw new Error('no attachment');
    expect(attachment).toMatchObject({ name: 'handle.png', type: 'image/png' });
    expect(attachment.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await conversation(owner, ticket.id)).messages[0]?.attachments).toEqual([attachment]);
    expect(storedFiles()).toHaveLength(before + 1);

    const path = `/api/support/tickets/${ticket.id}/attachments/${attachment.id}`;
    const download = await call('GET', path, owner);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="handle.png"; filename*=UTF-8''handle.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.length).toBe(attachment.size);
    const metadata = await sharp(download.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 48, height: 32 });

    // Another traveller: 404, through the owner's ticket or one of their own; anonymous: 401.
    const other = await traveller();
    expectApiError(await call('GET', path, other), 404, 'NOT_FOUND');
    const theirs = await openTicket(other);
    expectApiError(
      await call('GET', `/api/support/tickets/${theirs.id}/attachments/${attachment.id}`, other),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await call('GET', `/api/support/tickets/${ticket.id}/attachments/${'0'.repeat(32)}`, owner),
      404,
      'NOT_FOUND',
    );
    expectApiError(await call('GET', path, null), 401, 'ERROR_UNAUTHORIZED');

    // The team, through the desk; a traveller there is 403, even the owner.
    const deskPath = `/api/support/desk/tickets/${ticket.id}/attachments/${attachment.id}`;
    const byAgent = await call('GET', deskPath, agentCookie);
    expect(byAgent.statusCode, byAgent.body).toBe(200);
    expect(byAgent.headers['content-type']).toBe('image/png');
    expect(byAgent.headers['content-disposition']).toBe(download.headers['content-disposition']);
    expect(byAgent.headers['x-content-type-options']).toBe('nosniff');
    expect(byAgent.headers['cache-control']).toBe('private, no-store');
    expect(byAgent.rawPayload.equals(download.rawPayload)).toBe(true);
    expectApiError(await call('GET', deskPath, owner), 403, 'FORBIDDEN');
    expectApiError(await call('GET', deskPath, null), 401, 'ERROR_UNAUTHORIZED');
  });

  it('removes every metadata block: a photo with its GPS position comes back without EXIF', async () => {
    const photo = await jpegWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes('WGS-84')).toBe(true);
    const { attachment, stored } = await sendAndDownload(
      'Taken at the airport.',
      filePart(photo, 'IMG_0001.JPG', 'image/jpeg'),
    );
    expect(attachment).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(stored.rawPayload.includes('WGS-84')).toBe(false);
    expect(stored.rawPayload.includes('TestCam')).toBe(false);
  });

  it('keeps only the pixels of a PNG that carries a script after its end', async () => {
    const polyglot = Buffer.concat([await testPng(), PHP_SCRIPT]);
    const { attachment, stored } = await sendAndDownload(
      'One more.',
      filePart(polyglot, 'image.php', 'application/x-php'),
    );
    expect(attachment).toMatchObject({ name: 'image.php.png', type: 'image/png' });
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.rawPayload.includes('<?php')).toBe(false);
  });

  it('takes up to five images in the order sent, and still takes a reply as JSON', async () => {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const image = await testPng();
    const names = [
      '../../etc/passwd.png',
      'C:\\fakepath\\scan.png',
      'photo.svg',
      '.hidden.png',
      'x',
    ];
    const message = await replyWith(
      cookie,
      ticket.id,
      'All of them.',
      names.map((name) => filePart(image, name)),
    );
    expect(message?.attachments.map((attachment) => attachment.name)).toEqual([
      'passwd.png',
      'scan.png',
      'photo.svg.png',
      'hidden.png',
      'x.png',
    ]);
    const json = await call('POST', `/api/support/tickets/${ticket.id}/messages`, cookie, {
      body: 'And one more word.',
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(SupportTicketResponseSchema.parse(json.json()).ticket.messages[1]).toMatchObject({
      body: 'And one more word.',
      attachments: [],
    });
  });

  it('lets the team reply with images for the traveller, and keep a note’s images inside the team', async () => {
    const owner = await traveller();
    const ticket = await openTicket(owner);
    const image = await testPng();
    const messages = `/api/support/desk/tickets/${ticket.id}/messages`;
    const reply = await call(
      'POST',
      messages,
      agentCookie,
      multipartForm([
        { field: 'body', value: 'Here is the claim form.' },
        filePart(image, 'claim.png'),
      ]),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const note = await call(
      'POST',
      messages,
      agentCookie,
      multipartForm([
        { field: 'body', value: 'Damage looks genuine.' },
        { field: 'internal', value: 'true' },
        filePart(image, 'internal.png'),
      ]),
    );
    expect(note.statusCode, note.body).toBe(200);
    const desk = DeskTicketResponseSchema.parse(note.json()).ticket;
    expect(
      desk.messages.map((message) => [message.internal, message.attachments[0]?.name]),
    ).toEqual([
      [false, 'claim.png'],
      [true, 'internal.png'],
    ]);
    const [replyImage, noteImage] = desk.messages.map((message) => message.attachments[0]?.id);

    // The traveller sees and downloads the reply's image; the note and its image stay hidden.
    const seen = await conversation(owner, ticket.id);
    expect(seen.messages.map((message) => message.attachments.map(({ id }) => id))).toEqual([
      [replyImage],
    ]);
    const own = `/api/support/tickets/${ticket.id}/attachments`;
    expect((await call('GET', `${own}/${replyImage ?? ''}`, owner)).statusCode).toBe(200);
    expectApiError(await call('GET', `${own}/${noteImage ?? ''}`, owner), 404, 'NOT_FOUND');
    const deskDownload = `/api/support/desk/tickets/${ticket.id}/attachments/${noteImage ?? ''}`;
    expect((await call('GET', deskDownload, agentCookie)).statusCode).toBe(200);

    // A traveller posting to the desk is refused before the images are read.
    const before = storedFiles();
    const form = multipartForm([{ field: 'body', value: 'Me too' }, filePart(image)]);
    expectApiError(await call('POST', messages, owner, form), 403, 'FORBIDDEN');
    expect(storedFiles()).toEqual(before);
  });

  it('takes images from a visitor without an account and lets only that visitor download them', async () => {
    /** A visitor's confirmed request: the cookie the e-mailed link gives and the ticket. */
    const visitor = async (email: string) => {
      const asked = await call('POST', '/api/support/requests', null, {
        email,
        subject: 'Damaged bag',
        description: 'The handle came off.',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const mail = await api
        .app()
        .db.selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      const token = /support\/email\/([0-9a-f]{40})\/verify/.exec(mail.text_body)?.[1] ?? '';
      const used = await call('POST', `/api/support/email/${token}/verify`, null, {});
      expect(used.statusCode, used.body).toBe(200);
      const cookie = used.cookies.find((item) => item.name === 'uq_support');
      return {
        cookie: `uq_support=${cookie?.value ?? ''}`,
        ticketId: Number(used.json<{ next: string }>().next.split('/').pop()),
      };
    };
    const mine = await visitor(`bag.${process.pid}.${Date.now()}@example.com`);
    const other = await visitor(`other.${process.pid}.${Date.now()}@example.com`);
    const image = await replyWithImage(
      mine.cookie,
      mine.ticketId,
      'A photo of it.',
      filePart(await testPng(), 'bag.png'),
    );
    const path = `/api/support/tickets/${mine.ticketId}/attachments/${image.id}`;
    expect((await call('GET', path, mine.cookie)).statusCode).toBe(200);
    expectApiError(await call('GET', path, other.cookie), 404, 'NOT_FOUND');
    expectApiError(await call('GET', path, null), 401, 'ERROR_UNAUTHORIZED');
    // Nobody who is nobody gets a form read: 401 before the images.
    const form = multipartForm([{ field: 'body', value: 'Again' }, filePart(await testPng())]);
    const before = storedFiles();
    expectApiError(
      await call('POST', `/api/support/tickets/${mine.ticketId}/messages`, null, form),
      401,
      'ERROR_UNAUTHORIZED',
    );
    expect(storedFiles()).toEqual(before);
  });

  it('documents the uploads and the downloads in the OpenAPI document', async () => {
    const document = (await api.app().inject({ url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>
      >;
      components: { schemas: Record<string, unknown> };
    }>();
    for (const path of ['/api/support/tickets/{id}', '/api/support/desk/tickets/{id}']) {
      const content = document.paths[`${path}/messages`]?.post?.requestBody?.content ?? {};
      expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
      const formSchema = content['multipart/form-data']?.schema.$ref?.split('/').pop() ?? '';
      expect(JSON.stringify(document.components.schemas[formSchema])).toContain(
        '"format":"binary"',
      );
      expect(document.paths[`${path}/attachments/{attachmentId}`]?.get).toBeDefined();
    }
  });
});
