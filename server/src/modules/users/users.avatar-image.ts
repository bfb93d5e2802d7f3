import sharp, { type Metadata } from 'sharp';
import { sniffImageType } from '../../lib/image-type.ts';
import { ServiceError } from '../../lib/service-error.ts';

/** Largest side of a stored avatar, in pixels. */
export const AVATAR_SIZE_PX = 512;
/** Images with more pixels than this are refused before they are decoded (pixel floods). */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;

export interface ProcessedAvatar {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Makes the stored avatar from an upload (ASVS 5.2, OWASP file upload): JPEG, PNG or WebP by
 * content only (415 otherwise), at most 25 megapixels (400), turned upright, cropped to a square
 * of at most 512 px and re-encoded as WebP, which drops every metadata block (EXIF, GPS, ICC) and
 * anything hidden in the original file.
 */
export async function processAvatar(upload: Buffer): Promise<ProcessedAvatar> {
  const type = sniffImageType(upload);
  if (type === null) {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Not a JPEG, PNG or WebP image', {
      'body.avatar': ['Choose a JPEG, PNG or WebP image'],
    });
  }
  let metadata: Metadata;
  try {
    // The header alone: the pixel count is checked here, before anything is decoded.
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'The image cannot be read', {
      'body.avatar': ['The image cannot be read'],
    });
  }
  if (metadata.format !== type) {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'The image cannot be read', {
      'body.avatar': ['The image cannot be read'],
    });
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_MAX_INPUT_PIXELS) {
    throw new ServiceError('VALIDATION_ERROR', 'The image has too many pixels', {
      'body.avatar': [`At most ${AVATAR_MAX_INPUT_PIXELS} pixels`],
    });
  }
  try {
    const { data, info } = await sharp(upload, {
      limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'The image cannot be read', {
      'body.avatar': ['The image cannot be read'],
    });
  }
}
