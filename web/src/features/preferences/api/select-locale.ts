import type { LocaleSelectResponse } from '@uniquair/contract/data';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/data/locale/{locale}/select` (SPEC §7): the server remembers the visitor's language. */
export function selectLocale(locale: string): Promise<LocaleSelectResponse> {
  return apiPost<LocaleSelectResponse>(`/api/data/locale/${encodeURIComponent(locale)}/select`);
}
