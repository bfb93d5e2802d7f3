import { afterEach } from 'vitest';
import { takeQueriesOutsideTransaction } from '../helpers/transaction-guard.ts';

// A query inside a transaction that did not go through it fails at once
// (src/db/transaction-guard.ts); this fails the test too, even when the code caught it.
afterEach(() => {
  const [first, ...more] = takeQueriesOutsideTransaction();
  if (first) {
    first.message += more.length > 0 ? ` (and ${more.length} more in this test)` : '';
    throw first;
  }
});
