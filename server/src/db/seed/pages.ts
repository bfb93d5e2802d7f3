import type { Insertable } from 'kysely';
import type { PagesTable } from '../tables/content.ts';
import { CONTACT_US } from './pages/contact-us.ts';
import { COOKIE_POLICY } from './pages/cookie-policy.ts';
import { CRD_COMPLIANCE } from './pages/crd-compliance.ts';
import { ECD_COMPLIANCE } from './pages/ecd-compliance.ts';
import { CONTENT_REVISED_AT } from './pages/page-content.ts';
import { PRIVACY_POLICY } from './pages/privacy-policy.ts';
import { TERMS_AND_CONDITIONS } from './pages/terms-and-conditions.ts';
import { TRAVEL_PROTECT } from './pages/travel-protect.ts';

/** Each page's number (`GET /api/data/page/{id}`), the same in every locale. */
export const PAGE_IDS: Readonly<Record<string, number>> = {
  'terms-and-conditions': 1,
  'travel-protect': 2,
  'crd-compliance': 3,
  'cookie-policy': 4,
  'ecd-compliance': 5,
  'privacy-policy': 6,
  'contact-us': 7,
};

/** The content pages of SPEC §2, in English, some also in German (other locales fall back). */
export function pageRows(): Insertable<PagesTable>[] {
  const pages = [
    ...TERMS_AND_CONDITIONS,
    ...TRAVEL_PROTECT,
    ...CRD_COMPLIANCE,
    ...COOKIE_POLICY,
    ...ECD_COMPLIANCE,
    ...PRIVACY_POLICY,
    ...CONTACT_US,
  ];
  return pages.map((page) => {
    const pageId = PAGE_IDS[page.slug];
    if (pageId === undefined) throw new Error(`No page number for the page ${page.slug}`);
    return { ...page, page_id: pageId, updated_at: CONTENT_REVISED_AT };
  });
}
