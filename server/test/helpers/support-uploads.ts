import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { SupportTicketResponseSchema, type SupportTicket } from '@uniquair/contract/support';
import { createAccount, freshClient, signIn } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';

/** A part of a multipart form: a text field, or a file with its name and declared type. */
export type FormPart =
  | { field: string; value: string }
  | { field: string; fileName: string; contentType: string; content: Buffer };

/** A multipart form body of these parts, with its Content-Type header. */
export interface MultipartForm {
  payload: Buffer;
  headers: Record<string, string>;
}

export function multipartForm(parts: readonly FormPart[]): MultipartForm {
  const boundary = `----uniquair${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"`;
    return 'value' in part
      ? [Buffer.from(`${disposition}\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(
            `${disposition}; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
          ),
          part.content,
          Buffer.from('\r\n'),
        ];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A `files` part. */
export function filePart(content: Buffer, fileName = 'photo.png', contentType = 'image/png') {
  return { field: 'files', fileName, contentType, content } satisfies FormPart;
}

/** A small picture with a little detail (so that it is not one colour). */
export function testPng(width = 48, height = 32): Promise<Buffer> {
  const dot = `<svg width="${width}" height="${height}"><circle cx="10" cy="10" r="8" fill="red"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(dot) }])
    .png()
    .toBuffer();
}

/** A photo whose EXIF says where it was taken (GPS) and with which camera. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c85028' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .toBuffer();
}

/** A real PNG of about `bytes` bytes (noise does not compress). */
export function pngOfAbout(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A PHP script (to be named `.png`). */
export const PHP_SCRIPT = Buffer.from("<?php system($_GET['c']); ?>\n");
/** An SVG picture that runs a script when a browser opens it. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

/**
 * An app keeping support attachments in a folder of its own, with the calls the attachment tests
 * make. Call it inside a `describe`: the app is built before the tests, and it and its folder
 * are removed after them.
 */
export function supportUploads() {
  let test: TestApp | undefined;
  let folder = '';

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'uniquair-attachments-'));
    test = await buildTestApp({ SUPPORT_ATTACHMENTS_DIR: folder });
  });

  afterAll(async () => {
    await test?.close();
    rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  const app = (): FastifyInstance => {
    if (test === undefined) throw new Error('The test app is built in beforeAll');
    return test.app;
  };

  /** A request, signed in with `cookie` (or not), its body a form or JSON. */
  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string | null,
    body?: MultipartForm | Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => {
    const form =
      body !== undefined && Buffer.isBuffer(body.payload) ? (body as MultipartForm) : null;
    return app().inject({
      method,
      url,
      remoteAddress: freshClient(),
      headers: { ...(cookie ? { cookie } : {}), ...form?.headers, ...headers },
      ...(body === undefined ? {} : { payload: form?.payload ?? body }),
    });
  };

  const conversation = async (cookie: string, ticketId: number): Promise<SupportTicket> => {
    const response = await call('GET', `/api/support/tickets/${ticketId}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return SupportTicketResponseSchema.parse(response.json()).ticket;
  };

  return {
    app,
    call,
    conversation,
    /** A new traveller, signed in: their session cookie. */
    traveller: async (): Promise<string> => signIn(app(), await createAccount(app())),
    /** A new support agent, signed in: their session cookie. */
    agent: async (): Promise<string> => {
      const account = await createAccount(app(), { firstName: 'Agent' });
      expect(await app().userRoles.grant(account.email, 'support_agent')).toBe(true);
      return signIn(app(), account);
    },
    openTicket: async (cookie: string): Promise<SupportTicket> => {
      const response = await call('POST', '/api/support/tickets', cookie, {
        subject: 'Damaged suitcase',
        shortDescription: 'My suitcase arrived broken',
        description: 'The handle came off on the belt; photos follow.',
      });
      expect(response.statusCode, response.body).toBe(200);
      return SupportTicketResponseSchema.parse(response.json()).ticket;
    },
    /** Every file under the attachments folder, temporary ones included. */
    storedFiles: (): string[] =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name)),
  };
}
