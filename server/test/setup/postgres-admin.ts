import pg from 'pg';

/**
 * The PostgreSQL server the suites that make their own databases create them on (the chaos suite,
 * as `npm run test:pg` does): `PG_ADMIN_URL`, by default the local server.
 */
export const PG_ADMIN_URL =
  process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** PostgreSQL database names used by the tests are plain identifiers, so quoting is safe. */
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertDatabaseName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not a usable test database name: "${name}"`);
  return name;
}

/** The database name in a postgres:// URL. */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

/**
 * Runs statements on the server named by `serverUrl` (CREATE/DROP DATABASE cannot run inside a
 * transaction, so this uses a plain client rather than Kysely). Connects to the URL's own
 * database, or to `postgres` when that one does not exist.
 */
export async function withAdminClient<T>(
  serverUrl: string,
  action: (client: pg.Client) => Promise<T>,
): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await client.connect();
  }
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database, optionally as a copy of a template, retrying while the template is busy.
 * A copy takes the template's files as they are (`FILE_COPY`) rather than writing every page of
 * the seeded base through the write-ahead log, the default from PostgreSQL 15 on; older servers
 * only copy files and do not know the option.
 */
export async function createDatabase(
  client: pg.Client,
  name: string,
  template?: string,
): Promise<void> {
  let statement = `CREATE DATABASE "${assertDatabaseName(name)}"`;
  if (template) {
    statement += ` TEMPLATE "${assertDatabaseName(template)}"`;
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    if (Number(rows[0]?.server_version_num) >= 150_000) statement += ' STRATEGY FILE_COPY';
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      // 55006: "source database is being accessed by other users" (a parallel copy).
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS "${assertDatabaseName(name)}" WITH (FORCE)`);
}
