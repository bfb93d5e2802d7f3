import {
  transactionGuardEvents,
  type QueryOutsideTransactionError,
} from '../../src/db/transaction-guard.ts';

/**
 * Every query the transaction guard failed in this worker and no test has taken yet. The
 * server suite's set-up fails a test after which one is left (`test/setup/transaction-guard.ts`):
 * code that catches the error and carries on would otherwise hide the mistake.
 */
const failed: QueryOutsideTransactionError[] = [];
transactionGuardEvents.on('queryOutsideTransaction', (error) => failed.push(error));

/** Takes the queries failed so far, for a test that makes them on purpose. */
export function takeQueriesOutsideTransaction(): QueryOutsideTransactionError[] {
  return failed.splice(0);
}
