import type { CurrencySelectResponse } from '@uniquair/contract/data';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/data/currency/{code}/select` (SPEC §7): the server remembers the visitor's currency. */
export function selectCurrency(code: string): Promise<CurrencySelectResponse> {
  return apiPost<CurrencySelectResponse>(`/api/data/currency/${encodeURIComponent(code)}/select`);
}
