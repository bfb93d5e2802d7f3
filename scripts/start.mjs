#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built yet, then starts the server, which
// migrates and seeds an empty database and serves the web app and the API on PORT (3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const webIndex = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));

if (!process.env.WEB_DIST_DIR && !existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync(npm, ['run', 'build', '--workspace', 'web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('../server/src/server.ts', import.meta.url))],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
