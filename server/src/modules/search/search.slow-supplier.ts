import type { SearchFlight } from '@uniquair/contract/search';
import type { Supplier } from './search.supplier.ts';

/**
 * A supplier for tests and benchmarks (`SEARCH_SLOW_SUPPLIER_MS`, refused in production): it
 * answers every leg with no flights after `delayMs`, so every search stays in progress that long
 * with the inventory's answer already in, as a slow airline system would keep it. It stops when
 * the job aborts (deadline, shutdown).
 */
export function slowSupplier(delayMs: number): Supplier {
  return {
    name: 'slow',
    search(_query, signal): Promise<SearchFlight[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve([]), delayMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          },
          { once: true },
        );
      });
    },
  };
}
