import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * The OpenAPI document exactly as `/api/openapi.json` serves it, built from the application over
 * an empty in-memory database, without listening on any port.
 */
export async function servedOpenApiDocument(): Promise<unknown> {
  const database = openDatabase(':memory:');
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ':memory:',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`document answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

// `tsx src/cli/openapi-document.ts <file>` writes the document to <file>.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: openapi-document <file>');
    process.exit(2);
  }
  servedOpenApiDocument()
    .then((document) => writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
