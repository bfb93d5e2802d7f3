/**
 * SQLite has one connection in the process: a transaction holds it from `begin` to `commit`, and
 * every other query waits for it. Code running inside a transaction that queries through the app's
 * database (`db`) instead of the transaction (`trx`), or opens a second transaction, waits for a
 * connection its own transaction will never release, and every later query of the process waits
 * behind it: the whole server stops answering. This dialect makes such a query fail at once with
 * an error that says so (the transaction rolls back, the caller sees why) instead.
 *
 * It knows "inside" by the async context: `begin` marks the context the transaction's callback
 * runs in, `commit` and `rollback` clear the mark. A query from another request, or from a task
 * that merely started inside a transaction and runs after it ended, waits for the connection as
 * before. A task started inside a transaction without being awaited, which queries before the
 * transaction ends, fails too, unless it was scheduled through `outsideTransaction`, which says
 * that it is meant to run after the transaction (it then waits for the connection like any other).
 *
 * Code that survives a failed read (a cache that serves what it had) keeps the server answering,
 * and hides the mistake: every such error is also told to `transactionGuardEvents`, and the server
 * suite fails a test during which one was.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type SqliteDialectConfig,
} from 'kysely';

/** A transaction begun in this async context, and the one it was begun inside, if any. */
interface OpenTransaction {
  driver: Driver;
  open: boolean;
  outer: OpenTransaction | undefined;
}

const transactionContext = new AsyncLocalStorage<OpenTransaction>();

/** Thrown for a query that would wait forever for the connection its own transaction holds. */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query inside a SQLite transaction did not go through the transaction: it would wait ' +
        'forever for the one connection the transaction holds. Query through the transaction ' +
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
 * refresh queued for after the commit) waits for the connection like another request's, instead
 * of failing as a query of the open transaction's own code would.
 */
export function outsideTransaction<T>(schedule: () => T): T {
  return transactionContext.exit(schedule);
}

/** The better-sqlite3 dialect, its driver wrapped in `TransactionGuardDriver`. */
export class GuardedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new TransactionGuardDriver(new SqliteDriver(this.#config));
  }
}

class TransactionGuardDriver implements Driver {
  /** The transactions begun on this driver and not yet ended, by the context they mark. */
  readonly #marks = new WeakMap<DatabaseConnection, OpenTransaction>();

  readonly #inner: SqliteDriver;

  constructor(inner: SqliteDriver) {
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

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Synchronously, before anything is awaited: the transaction's callback continues from the
    // context of this call, so it (and what it awaits) sees the mark.
    const mark: OpenTransaction = {
      driver: this,
      open: true,
      outer: transactionContext.getStore(),
    };
    transactionContext.enterWith(mark);
    this.#marks.set(connection, mark);
    return this.#inner.beginTransaction(connection);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection);
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection);
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#inner.savepoint(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#inner.rollbackToSavepoint(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#inner.releaseSavepoint(connection, name, compileQuery);
  }

  releaseConnection(): Promise<void> {
    return this.#inner.releaseConnection();
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  #end(connection: DatabaseConnection): void {
    const mark = this.#marks.get(connection);
    if (mark) mark.open = false;
    this.#marks.delete(connection);
  }
}
