import sharp, { type Metadata, type Sharp } from 'sharp';
import type { AttachmentMediaType } from '@uniquair/contract/support';
import { sniffImageType, type ImageType } from '../../lib/image-type.ts';
import { ServiceError } from '../../lib/service-error.ts';

/** Images with more pixels than this are refused before they are decoded (pixel floods). */
export const ATTACHMENT_MAX_INPUT_PIXELS = 25_000_000;

/** The field the errors of a message's images are reported on. */
export const FILES_FIELD = 'body.files';

const MEDIA_TYPES: Readonly<Record<ImageType, AttachmentMediaType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface ReencodedImage {
  data: Buffer;
  type: AttachmentMediaType;
}

function refused(code: 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_ERROR', key: string): ServiceError {
  return new ServiceError(code, key, { [FILES_FIELD]: [key] });
}

const unreadable = () => refused('UNSUPPORTED_MEDIA_TYPE', 'support.error.fileUnreadable');

/** The same format again, from the pixels only. */
function encoded(image: Sharp, type: ImageType): Sharp {
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
  }
}

/**
 * The image stored for an upload sent with a support message (ASVS 5.2, OWASP file upload):
 * JPEG, PNG or WebP by content only (an SVG, a script or a page named `.png` is 415), at most
 * 25 megapixels (400, checked on the header before anything is decoded), turned upright and
 * re-encoded in its own format from its pixels, which drops every metadata block (EXIF with its
 * GPS position, XMP, IPTC, ICC, comments) and anything hidden in or after the original file.
 */
export async function reencodeAttachment(upload: Buffer): Promise<ReencodedImage> {
  const type = sniffImageType(upload);
  if (type === null) throw refused('UNSUPPORTED_MEDIA_TYPE', 'support.error.fileType');
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== type) throw unreadable();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > ATTACHMENT_MAX_INPUT_PIXELS) {
    throw refused('VALIDATION_ERROR', 'support.error.tooManyPixels');
  }
  try {
    const image = sharp(upload, { limitInputPixels: ATTACHMENT_MAX_INPUT_PIXELS, failOn: 'error' });
    const data = await encoded(image.rotate(), type).toBuffer();
    return { data, type: MEDIA_TYPES[type] };
  } catch {
    throw unreadable();
  }
}
