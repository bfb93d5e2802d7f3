import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageResponse } from '@uniquair/contract/data';
import { apiGet } from '../../../lib/api-client.ts';

/** A content page slug as SPEC §2 reads it: letters, digits and dashes, one path segment. */
export const CONTENT_SLUG_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

export function isContentSlug(text: string): boolean {
  return text.length <= 100 && CONTENT_SLUG_PATTERN.test(text);
}

/** `GET /api/data/page/{id}` (SPEC §7): a content page in the given language (or English). */
export function getPage(slug: string, locale: string): Promise<PageResponse> {
  const query = new URLSearchParams({ locale });
  return apiGet<PageResponse>(
    `/api/data/page/${encodeURIComponent(slug.toLowerCase())}?${query.toString()}`,
  );
}

export const pageQueryOptions = (slug: string, locale: string) =>
  queryOptions({
    queryKey: ['data', 'page', slug.toLowerCase(), locale],
    queryFn: () => getPage(slug, locale),
    retry: false,
  });

export function usePage(slug: string, locale: string) {
  return useQuery({ ...pageQueryOptions(slug, locale), placeholderData: (previous) => previous });
}
