/**
 * Code running inside a transaction must query through it (`trx`), never through the app's
 * database (`db`) nor by beginning a second transaction:
 *
 * - on SQLite, which has one connection in the process, such a query waits for the connection
 *   its own transaction holds and will never release, and every later query of the process waits
 *   behind it: the whole server stops answering;
 * - on PostgreSQL it takes a second connection from the pool while the first is held (enough
 *   requests doing it at once exhaust the pool, and each waits for the others), and it reads
 *   around the transaction: not what the transaction wrote, and not at the same moment.
 *
 * `withTransactionGuard` makes such a query fail at once with an error that says so (the
 * transaction rolls back, the caller sees why). It knows "inside" by the async context: `begin`
 * marks the context the transaction's callback runs in, `commit` and `rollback` clear the mark. A
 * query from another request, or from a task that merely started inside a transaction and runs
 * after it ended, is not held. A task started inside a transaction without being awaited, which
 * queries before the transaction ends, fails too, unless it was scheduled through
 * `outsideTransaction`, which says that it is meant to run after the transaction (it then waits
 * for a connection like any other).
 *
 * Code that survives a failed read (a cache that serves what it had) keeps the server answering,
 * and hides the mistake: every such error is also told to `transactionGuardEvents`, and the server
 * suite fails a test during which one was.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/** A transaction begun in this async context, and the one it was begun inside, if any. */
interface OpenTransaction {
  driver: Driver;
  open: boolean;
  outer: OpenTransaction | undefined;
}

const transactionContext = new AsyncLocalStorage<OpenTransaction>();

/** Thrown for a query made inside a transaction that does not go through it. */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query inside a transaction did not go through the transaction: on SQLite it would wait ' +
        'forever for the one connection the transaction holds, on PostgreSQL it would hold a ' +
        'second connection and read around the transaction. Query through the transaction ' +
        '(trx), or prepare what the work needs before the transaction begins.',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

/** Told of every query the guard failed, whatever its caller then did with the error. */
export const transactionGuardEvents = new EventEmitter<{
  queryOutsideTransaction: [QueryOutsideTransactionError];
}>();

/**
 * Runs `schedule` as if no transaction were open here: the work it starts without awaiting (a
 * refresh queued for after the commit) waits for a connection like another request's, instead
 * of failing as a query of the open transaction's own code would.
 */
export function outsideTransaction<T>(schedule: () => T): T {
  return transactionContext.exit(schedule);
}

/** The dialect with its driver wrapped by the guard; everything else is the dialect's own. */
export function withTransactionGuard(dialect: Dialect): Dialect {
  return {
    createDriver: () => new TransactionGuardDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

type SavepointCommand = 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint';

class TransactionGuardDriver implements Driver {
  readonly #inner: Driver;
  /** The transactions begun on this driver and not yet ended, by their connection. */
  readonly #marks = new WeakMap<DatabaseConnection, OpenTransaction>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    for (let mark = transactionContext.getStore(); mark; mark = mark.outer) {
      if (mark.driver === this && mark.open) {
        const error = new QueryOutsideTransactionError();
        transactionGuardEvents.emit('queryOutsideTransaction', error);
        return Promise.reject(error);
      }
    }
    return this.#inner.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // Synchronously, before anything is awaited: the transaction's callback continues from the
    // context of this call, so it (and what it awaits) sees the mark.
    const mark: OpenTransaction = {
      driver: this,
      open: true,
      outer: transactionContext.getStore(),
    };
    transactionContext.enterWith(mark);
    this.#marks.set(connection, mark);
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection);
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection);
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#savepointCommand('savepoint', connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.#savepointCommand('rollbackToSavepoint', connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.#savepointCommand('releaseSavepoint', connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  #savepointCommand(
    command: SavepointCommand,
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const run = this.#inner[command]?.bind(this.#inner);
    if (run === undefined) throw new Error(`this database's driver has no ${command}`);
    return run(connection, name, compile);
  }

  #end(connection: DatabaseConnection): void {
    const mark = this.#marks.get(connection);
    if (mark) mark.open = false;
    this.#marks.delete(connection);
  }
}
