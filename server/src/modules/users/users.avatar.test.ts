import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, CurrentUserResponseSchema } from '@uniquair/contract/users';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { sniffImageType } from '../../lib/image-type.ts';
import { AVATAR_SIZE_PX } from './users.avatar-image.ts';

/** A multipart form body with one file field. */
function multipart(
  field: string,
  fileName: string,
  contentType: string,
  content: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----uniquair${Math.floor(Date.now() / 1000)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A tiny PNG file whose header claims a picture of `width` × `height` pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like JPEG with EXIF data (camera, GPS-like comment) in it. */
function jpegWithMetadata(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret 1', ImageDescription: 'home at 48.85N 2.35E' },
    })
    .toBuffer();
}

describe('avatars', () => {
  const test = useTestApp();
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(test.app, await createAccount(test.app));
  });

  const upload = (body: { payload: Buffer; headers: Record<string, string> }, withCookie = true) =>
    test.app.inject({
      method: 'POST',
      url: '/api/users/upload-avatar',
      remoteAddress: freshClient(),
      headers: { ...body.headers, ...(withCookie ? { cookie } : {}) },
      payload: body.payload,
    });

  it('stores a re-encoded, resized square WebP without metadata, served from this origin', async () => {
    const original = await jpegWithMetadata(1200, 800);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(multipart('avatar', 'me.jpg', 'image/jpeg', original));
    expect(response.statusCode, response.body).toBe(200);
    const avatar = CurrentUserResponseSchema.parse(response.json()).user?.avatar ?? '';
    expect(avatar).toMatch(/^\/api\/users\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await test.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBe('inline; filename="avatar.webp"');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('replaces the previous avatar, which is gone', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    const first = await upload(multipart('avatar', 'a.png', 'image/png', png));
    const firstUrl = CurrentUserResponseSchema.parse(first.json()).user?.avatar ?? '';
    const webp = await sharp(png).webp().toBuffer();
    const second = await upload(multipart('avatar', 'b.webp', 'image/webp', webp));
    expect(second.statusCode).toBe(200);
    const secondUrl = CurrentUserResponseSchema.parse(second.json()).user?.avatar ?? '';
    expect(secondUrl).not.toBe(firstUrl);
    // Small images are not enlarged.
    const served = await test.app.inject({ method: 'GET', url: secondUrl });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    const gone = expectApiError(
      await test.app.inject({ method: 'GET', url: firstUrl }),
      404,
      'NOT_FOUND',
    );
    expect(gone.errors._).toEqual(['No such avatar']);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([
      await jpegWithMetadata(16, 16),
      Buffer.alloc(AVATAR_MAX_BYTES + 1024, 7),
    ]);
    expectApiError(
      await upload(multipart('avatar', 'big.jpg', 'image/jpeg', big)),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('refuses an HTML page named .png, and an SVG, by their content (415)', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    expectApiError(
      await upload(multipart('avatar', 'photo.png', 'image/png', html)),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expectApiError(
      await upload(multipart('avatar', 'photo.svg', 'image/svg+xml', svg)),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a PNG header that claims a huge picture (pixel flood) quickly', async () => {
    const flood = pngClaiming(20_000, 20_000);
    expect(flood.length).toBeLessThan(AVATAR_MAX_BYTES);
    const started = performance.now();
    const response = await upload(multipart('avatar', 'flood.png', 'image/png', flood));
    expect(performance.now() - started).toBeLessThan(2000);
    expectApiError(response, 400, 'VALIDATION_ERROR');
  });

  it('asks for a file in the avatar field and for a session', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expectApiError(
      await upload(multipart('picture', 'a.png', 'image/png', png)),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(
      await upload(multipart('avatar', 'a.png', 'image/png', png), false),
      401,
      'ERROR_UNAUTHORIZED',
    );
  });

  it('answers a form that is not a well-formed multipart body with 400, not a server error', async () => {
    const headers = { 'content-type': 'multipart/form-data; boundary=form' };
    for (const text of ['a=1', '--form\r\nno header end', '--form\r\n\r\n']) {
      const body = expectApiError(
        await upload({ payload: Buffer.from(text), headers }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.errors['body.avatar']?.length, text).toBeGreaterThan(0);
    }
  });

  it('recognises images by their first bytes only', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe('png');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg'))).toBeNull();
  });
});
