/** Product identity (SPEC §1): brand, tagline, version and the page title format. */
export const BRAND_NAME = 'Uniquair';
export const TAGLINE = 'Unique routes, unique moments';
export const APP_VERSION = '0.7.0';

/** Page title format 'brand - title'; the brand alone when a page has no title of its own. */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${BRAND_NAME} - ${trimmed}` : BRAND_NAME;
}
