// Lints what production is deployed from (docs/deploy.md) and checks it still is what the docs
// say: compose.yaml with dclint (schema and rules), the Dockerfile with dockerfile-utils'
// validator (any warning fails), the systemd unit with systemd-analyze where it exists, then the
// assertions of deploy/deploy.test.mjs. Exits non-zero on any problem.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';

const failures = [];
const run = (name, command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) failures.push(name);
  else console.log('  ok');
};

console.log('compose.yaml (dclint)');
run('compose.yaml', 'npx', ['dclint', 'compose.yaml', '--max-warnings', '0']);

console.log('Dockerfile (dockerfile-utils)');
const dockerfile = readFileSync('Dockerfile', 'utf8');
const lines = dockerfile.split('\n');
const diagnostics = validate(dockerfile);
for (const { range, message, severity } of diagnostics) {
  const line = range.start.line + 1;
  console.log(`  Dockerfile:${line}: ${severity === 1 ? 'error' : 'warning'}: ${message}`);
  console.log(`    ${lines[range.start.line]?.trim() ?? ''}`);
}
if (diagnostics.length > 0) failures.push('Dockerfile');
else console.log('  ok');

const unitCheck = spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
if (unitCheck.error) {
  console.log('deploy/systemd/uniquair@.service: skipped (no systemd-analyze here)');
} else {
  console.log('deploy/systemd/uniquair@.service (systemd-analyze verify)');
  // An instance of the template, verified from a folder of its own (no other units around).
  const folder = mkdtempSync(join(tmpdir(), 'uniquair-units-'));
  try {
    copyFileSync('deploy/systemd/uniquair@.service', join(folder, 'uniquair@.service'));
    const verify = spawnSync('systemd-analyze', ['verify', './uniquair@3001.service'], {
      cwd: folder,
      encoding: 'utf8',
    });
    const output = `${verify.stdout}${verify.stderr}`.trim();
    if (output !== '') console.log(output);
    if (verify.status !== 0 || output !== '') failures.push('deploy/systemd/uniquair@.service');
    else console.log('  ok');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

console.log('What docs/deploy.md promises (deploy/deploy.test.mjs)');
run('deploy/deploy.test.mjs', process.execPath, [
  '--test',
  '--test-reporter=spec',
  'deploy/deploy.test.mjs',
]);

if (failures.length > 0) {
  console.error(`\nlint:deploy failed: ${failures.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('\nlint:deploy: all checks passed');
}
