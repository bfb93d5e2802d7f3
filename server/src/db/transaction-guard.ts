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
 * `guardedKysely` makes such a query fail at once with an error that says so (the transaction
 * rolls back, the caller sees why). It knows "inside" by the async context: a transaction's callback
 * runs in a context of its own (`AsyncLocalStorage.run`) that marks the transaction open until the
 * callback has finished. A query from another request, or from a task that merely started inside a
 * transaction and runs after it ended, is not held. A task started inside a transaction without
 * being awaited, which queries before the transaction ends, fails too, unless it was scheduled
 * through `outsideTransaction`, which says that it is meant to run after the transaction (it then
 * waits for a connection like any other).
 *
 * The mark is set with `run`, never `enterWith`: `enterWith` changes the context of whatever the
 * current execution goes on to, and on PostgreSQL, with several transactions and plain queries of
 * a process in flight (pg's pooled clients), a transaction's mark reached other callers' queries,
 * which then failed as if they were inside it.
 *
 * Code that survives a failed read (a cache that serves what it had) keeps the server answering,
 * and hides the mistake: every such error is also told to `transactionGuardEvents`, and the server
 * suite fails a test during which one was.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import {
  Kysely,
  type AccessMode,
  type ControlledTransactionBuilder,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type IsolationLevel,
  type KyselyConfig,
  type QueryCompiler,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';

/** Which database a mark is of: one per `guardedKysely`, shared by its driver. */
type GuardedDatabase = object;

/** A transaction whose callback runs in this async context, and the one it was begun inside. */
interface OpenTransaction {
  database: GuardedDatabase;
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

/**
 * A Kysely instance on `dialect` whose transactions are guarded: inside a transaction's callback,
 * a query that does not go through the transaction fails with `QueryOutsideTransactionError`.
 */
export function guardedKysely<DB>(dialect: Dialect): Kysely<DB> {
  const database: GuardedDatabase = {};
  return new GuardedKysely<DB>(database, {
    dialect: {
      createDriver: () => new TransactionGuardDriver(dialect.createDriver(), database),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
  });
}

/** Kysely, with every transaction's callback run marked as inside it. */
class GuardedKysely<DB> extends Kysely<DB> {
  readonly #database: GuardedDatabase;

  constructor(database: GuardedDatabase, config: KyselyConfig) {
    super(config);
    this.#database = database;
  }

  override transaction(): TransactionBuilder<DB> {
    // Kysely's builder has private state, so a builder of the same shape stands in for it.
    return new GuardedTransactionBuilder(
      super.transaction(),
      this.#database,
    ) as unknown as TransactionBuilder<DB>;
  }

  /** Refused: the statements of a controlled transaction run outside any callback to mark. */
  override startTransaction(): ControlledTransactionBuilder<DB> {
    throw new Error('Controlled transactions are not guarded: use db.transaction().execute()');
  }
}

/** Kysely's transaction builder, whose `execute` runs the callback marked as inside. */
class GuardedTransactionBuilder<DB> {
  readonly #builder: TransactionBuilder<DB>;
  readonly #database: GuardedDatabase;

  constructor(builder: TransactionBuilder<DB>, database: GuardedDatabase) {
    this.#builder = builder;
    this.#database = database;
  }

  setIsolationLevel(isolationLevel: IsolationLevel): GuardedTransactionBuilder<DB> {
    return new GuardedTransactionBuilder(
      this.#builder.setIsolationLevel(isolationLevel),
      this.#database,
    );
  }

  setAccessMode(accessMode: AccessMode): GuardedTransactionBuilder<DB> {
    return new GuardedTransactionBuilder(this.#builder.setAccessMode(accessMode), this.#database);
  }

  execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.#builder.execute((trx) => {
      const mark: OpenTransaction = {
        database: this.#database,
        open: true,
        outer: transactionContext.getStore(),
      };
      return transactionContext.run(mark, async () => {
        try {
          return await callback(trx);
        } finally {
          // Commit or roll back follows: from here on nothing of the callback is inside.
          mark.open = false;
        }
      });
    });
  }
}

type SavepointCommand = 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint';

/** The dialect's driver, refusing a connection to code inside one of its database's transactions. */
class TransactionGuardDriver implements Driver {
  readonly #inner: Driver;
  readonly #database: GuardedDatabase;

  constructor(inner: Driver, database: GuardedDatabase) {
    this.#inner = inner;
    this.#database = database;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    for (let mark = transactionContext.getStore(); mark; mark = mark.outer) {
      if (mark.database === this.#database && mark.open) {
        const error = new QueryOutsideTransactionError();
        transactionGuardEvents.emit('queryOutsideTransaction', error);
        return Promise.reject(error);
      }
    }
    return this.#inner.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
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
}
