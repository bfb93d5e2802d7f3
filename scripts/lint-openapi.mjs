// Lints the OpenAPI document exactly as the server serves it: the document is built from the
// application (no network port) into a temporary file, then checked by Redocly's recommended rules
// (redocly.yaml). Exits non-zero on any error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const directory = mkdtempSync(join(tmpdir(), 'uniquair-openapi-'));
const file = join(directory, 'openapi.json');
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
try {
  let status = run('npx', ['tsx', 'server/src/cli/openapi-document.ts', file]);
  if (status === 0) status = run('npx', ['redocly', 'lint', '--config', 'redocly.yaml', file]);
  process.exitCode = status;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
