/** One content page in one locale; `body` is Markdown. */
export interface PageContent {
  slug: string;
  locale: string;
  title: string;
  body: string;
}

/** When the seeded texts were last revised (their `updated_at`). */
export const CONTENT_REVISED_AT = '2026-11-20T09:00:00.000Z';

/** Addresses used in the demo texts (the reserved `.example` domain). */
export const SUPPORT_EMAIL = 'support@uniquair.example';
export const PRIVACY_EMAIL = 'privacy@uniquair.example';
