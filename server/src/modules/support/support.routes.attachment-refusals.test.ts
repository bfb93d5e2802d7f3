import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS } from '@uniquair/contract/support';
import type { ErrorCode } from '@uniquair/contract/error-body';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  filePart,
  multipartForm,
  PHP_SCRIPT,
  pngOfAbout,
  supportUploads,
  SVG_WITH_SCRIPT,
  testPng,
  type FormPart,
} from '../../../test/helpers/support-uploads.ts';

/**
 * Images refused with the message they came with (docs/support.md "Attachments"): a script named
 * `.png`, an SVG, an image over 5 MB, a sixth file, a form with a field it does not name, a form
 * from another site. Each answers the structured error naming `body.files` (or the field at
 * fault) and stores nothing: the conversation has no new message, the folder no new file.
 */
describe(`support attachments refused (${dialectUnderTest()})`, () => {
  const { call, conversation, openTicket, storedFiles, traveller } = supportUploads();

  /** Sends `parts` with a text as a reply; checks it is refused as said, with nothing stored. */
  async function expectRefused(
    parts: FormPart[],
    status: number,
    code: ErrorCode,
    message: string,
  ): Promise<void> {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const before = storedFiles();
    const response = await call(
      'POST',
      `/api/support/tickets/${ticket.id}/messages`,
      cookie,
      multipartForm([{ field: 'body', value: 'Here are the photos.' }, ...parts]),
    );
    expect(expectApiError(response, status, code).errors).toEqual({ 'body.files': [message] });
    expect((await conversation(cookie, ticket.id)).messages).toEqual([]);
    expect(storedFiles()).toEqual(before);
  }

  /** {@link expectRefused} for holding a file that is not a JPEG, PNG or WebP image. */
  const expectRefusedAsNoImage = (parts: FormPart[]) =>
    expectRefused(parts, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Attach JPEG, PNG or WebP images only.');

  it('refuses a PHP script renamed .png', async () => {
    await expectRefusedAsNoImage([filePart(PHP_SCRIPT, 'shell.png')]);
  });

  it('refuses an SVG with a script, even named and declared as a PNG', async () => {
    await expectRefusedAsNoImage([filePart(SVG_WITH_SCRIPT, 'photo.png', 'image/png')]);
  });

  it('refuses an 8 MB image: Max file size allowed is 5.00 MB', async () => {
    const large = await pngOfAbout(8 * 1024 * 1024);
    expect(large.length).toBeGreaterThan(ATTACHMENT_MAX_BYTES);
    await expectRefused(
      [filePart(large, 'large.png')],
      413,
      'PAYLOAD_TOO_LARGE',
      'Max file size allowed is 5.00 MB',
    );
  });

  it('refuses a sixth file', async () => {
    const image = await testPng();
    await expectRefused(
      Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, index) =>
        filePart(image, `photo-${index}.png`),
      ),
      400,
      'VALIDATION_ERROR',
      'Attach at most 5 images to a message.',
    );
  });

  it('keeps nothing of a message when one image is refused after the others were written', async () => {
    const image = await testPng();
    // The good images are re-encoded and written first; the fourth refuses them all.
    await expectRefusedAsNoImage([
      filePart(image, 'a.png'),
      filePart(image, 'b.png'),
      filePart(image, 'c.png'),
      filePart(PHP_SCRIPT, 'd.png'),
    ]);
  });

  it('refuses a form without text, or with a field it does not name, as the JSON body', async () => {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const image = await testPng();
    const url = `/api/support/tickets/${ticket.id}/messages`;
    const before = storedFiles();
    const empty = expectApiError(
      await call(
        'POST',
        url,
        cookie,
        multipartForm([{ field: 'body', value: '  ' }, filePart(image)]),
      ),
      400,
      'VALIDATION_ERROR',
    );
    expect(empty.errors).toEqual({ 'body.body': ['This field is required.'] });
    const unknown = expectApiError(
      await call(
        'POST',
        url,
        cookie,
        multipartForm([
          { field: 'body', value: 'Hello' },
          { field: 'isAdmin', value: 'true' },
        ]),
      ),
      400,
      'VALIDATION_ERROR',
    );
    expect(unknown.errors).toHaveProperty(['body.isAdmin']);
    expect((await conversation(cookie, ticket.id)).messages).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses images for a closed ticket or another traveller’s, storing nothing', async () => {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const before = storedFiles();
    const message = multipartForm([{ field: 'body', value: 'Hello' }, filePart(await testPng())]);
    const url = `/api/support/tickets/${ticket.id}/messages`;
    expectApiError(await call('POST', url, await traveller(), message), 404, 'NOT_FOUND');
    expectApiError(await call('POST', url, null, message), 401, 'ERROR_UNAUTHORIZED');
    await call('POST', `/api/support/tickets/${ticket.id}/close`, cookie);
    expectApiError(await call('POST', url, cookie, message), 409, 'TICKET_CLOSED');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a form from another site, and a form where the route takes none', async () => {
    const cookie = await traveller();
    const ticket = await openTicket(cookie);
    const message = multipartForm([{ field: 'body', value: 'Hello' }, filePart(await testPng())]);
    const url = `/api/support/tickets/${ticket.id}/messages`;
    expectApiError(
      await call('POST', url, cookie, message, { origin: 'https://evil.example' }),
      403,
      'FORBIDDEN',
    );
    expectApiError(
      await call('POST', `/api/support/tickets/${ticket.id}/close`, cookie, message),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await conversation(cookie, ticket.id)).messages).toEqual([]);
  });
});
