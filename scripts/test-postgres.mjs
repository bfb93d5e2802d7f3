#!/usr/bin/env node
// Runs the server suite against PostgreSQL: creates a fresh database for the run on the server
// named by PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), points
// TEST_DATABASE_URL at it, runs the tests, and drops it afterwards. Arguments go to Vitest:
// `npm run test:pg -- src/modules/booking` runs only those files.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `uniquair_test_${process.pid}_${Date.now().toString(36)}`;

async function withAdmin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

try {
  await withAdmin(`CREATE DATABASE "${name}"`);
} catch (error) {
  console.error(`Cannot create a test database on ${adminUrl}: ${error.message}`);
  process.exit(1);
}

const url = new URL(adminUrl);
url.pathname = `/${name}`;
// The suite's databases are thrown away after the run, so their commits need not wait for the
// write-ahead log to reach the disk: `synchronous_commit=off` keeps every transactional guarantee
// the tests rely on (atomicity, isolation, locks, constraints) and only gives up durability across
// a crash of the PostgreSQL server itself. It makes the suite several times faster on a slow disk.
if (!url.searchParams.has('options')) url.searchParams.set('options', '-c synchronous_commit=off');
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url.toString() },
});

await withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error) => {
  console.error(`Could not drop ${name}: ${error.message}`);
});
process.exit(run.status ?? 1);
