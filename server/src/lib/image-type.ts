/** The image types uploads may be: JPEG, PNG and WebP. */
export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * The image type by its first bytes (never by name or declared type), or null: an SVG, an HTML
 * page or a script named `.png` is none of them.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: readonly number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
