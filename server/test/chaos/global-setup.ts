import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../src/config/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file seeded for today, copied by each lane (never written to). */
    chaosSeeded: string;
  }
}

/**
 * The seeded demo database the app processes start from: CI's (`SEEDED_DB_TEMPLATE`, seeded once
 * for the whole run), or one seeded here for today (`npm run db:seed`'s command, about 25 s).
 */
export async function setup(project: TestProject): Promise<() => void> {
  const shared = process.env.SEEDED_DB_TEMPLATE;
  if (shared) {
    project.provide('chaosSeeded', shared);
    return () => undefined;
  }
  const directory = mkdtempSync(join(tmpdir(), 'uniquair-chaos-seed-'));
  const file = join(directory, 'seeded.sqlite');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/db/cli.ts', 'seed'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
  });
  project.provide('chaosSeeded', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
