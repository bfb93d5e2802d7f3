#!/usr/bin/env bash
# Runs the unit suite (`vitest run`, every project, as `npm test`) under a second Node LTS: the
# latest Node 24 by default, another major with NODE_LTS (`NODE_LTS=22 npm run test:node-lts`).
# Arguments go to Vitest.
#
# The checkout's node_modules cannot be used: better-sqlite3 is compiled for the ABI of the Node
# that installed it. So the checkout's files (tracked ones and untracked ones git does not ignore;
# on CI's fresh clone, the commit) are copied to a temporary folder and installed there with
# `npm ci` under the other Node, which is then first on PATH for npm, the install scripts, Vitest
# and its workers. That Node is the npm registry's `node` package; only the npm registry is needed.
#
# Headers: node-gyp compiles better-sqlite3 against the headers of Node <major>.0.0 (the
# `node-<platform>-<arch>` package's include folder, npm_config_nodedir), not nodejs.org's nor a
# nodedir an .npmrc sets for another Node. Those are the headers better-sqlite3's published
# prebuilt binaries for that major are built with (prebuild -t 24.0.0), which every machine that
# can download them runs. Compiled against the headers of Node 24.19 or later, better-sqlite3 12
# aborts the process when a garbage-collected statement is finalized ("Assertion failed: (env) !=
# nullptr" in RemoveEnvironmentCleanupHook; those headers make every node::ObjectWrap register an
# environment cleanup hook, nodejs/node#65446; better-sqlite3 13 no longer uses ObjectWrap).
# NODE_LTS_HEADERS=runtime compiles against the running Node's own headers instead.
#
# The temporary folder is removed at the end. With NODE_LTS_DIR, the install is kept in that
# folder instead, and a later run with the same NODE_LTS_DIR uses it; `--install` only installs.
# CI installs while the first suite runs and runs the suite later, beside the PostgreSQL one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
major=${NODE_LTS:-24}
if [ -n "${NODE_LTS_DIR:-}" ]; then
  mkdir -p "$NODE_LTS_DIR"
  tmp=$(cd "$NODE_LTS_DIR" && pwd)
else
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/uniquair-node$major.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT TERM
install_only=false
if [ "${1:-}" = --install ]; then
  install_only=true
  shift
fi
begun=$SECONDS
say() { printf '[node %s, %ss] %s\n' "$major" "$((SECONDS - begun))" "$*"; }
bin="$tmp/node/node_modules/.bin"

# node_version DIR: the version in DIR/include/node/node_version.h.
node_version() {
  awk '/define NODE_(MAJOR|MINOR|PATCH)_VERSION/ { v = v (v == "" ? "" : ".") $3 } END { print v }' \
    "$1/include/node/node_version.h"
}

# install: Node <major> from the npm registry, and the checkout installed under it in $tmp/repo.
install() {
  rm -rf "$tmp/node" "$tmp/headers" "$tmp/repo" "$tmp/installed"
  say "installing the npm package node@$major"
  npm install --prefix "$tmp/node" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "node@$major" >/dev/null
  version=$("$bin/node" -p 'process.versions.node')
  case $version in "$major".*) ;; *)
    echo "node@$major installed Node $version" >&2
    exit 1
    ;;
  esac
  platform_package=$("$bin/node" -p '"node-" + process.platform + "-" + process.arch')
  own_headers=$(find "$tmp/node/node_modules" -path "*/$platform_package/include/node/node_version.h" -print -quit)
  own_headers=${own_headers%/include/node/node_version.h}

  if [ "${NODE_LTS_HEADERS:-}" = runtime ]; then
    headers=$own_headers
    expected=$version
  else
    expected=$major.0.0
    say "fetching the headers of Node $expected ($platform_package@$expected)"
    tarball=$(cd "$tmp" && npm pack --silent "$platform_package@$expected")
    mkdir "$tmp/headers"
    tar -xzf "$tmp/$tarball" -C "$tmp/headers" --strip-components=1 package/include
    rm "$tmp/$tarball"
    headers=$tmp/headers
  fi
  if [ -z "$headers" ] || [ "$(node_version "$headers")" != "$expected" ]; then
    echo "No headers of Node $expected found (looked in ${headers:-$tmp/node})" >&2
    exit 1
  fi
  export npm_config_nodedir=$headers

  say "copying the checkout to $tmp/repo"
  mkdir "$tmp/repo"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    tar -c --null --files-from=- --ignore-failed-read 2>/dev/null) | tar -x -C "$tmp/repo"
  cd "$tmp/repo"
  # One test per project that fails unless its worker runs this Node.
  for dir in domain/src contract/src i18n/src server/src web/src; do
    cat >"$dir/node-lts-check.test.ts" <<EOF
import { expect, test } from 'vitest';

test('the worker runs Node $major', () => {
  expect(process.versions.node.split('.')[0]).toBe('$major');
});
EOF
  done

  say "npm ci under Node $version (npm $(npm --version)), native modules compiled against the headers of Node $expected"
  npm ci --no-audit --no-fund
  node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()" ||
    {
      echo "better-sqlite3 does not load under Node $version" >&2
      exit 1
    }
  say "installed; better-sqlite3 loads under Node $(node -p 'process.version + ", ABI " + process.versions.modules')"
  touch "$tmp/installed"
}

export PATH="$bin:$PATH"
if [ -f "$tmp/installed" ]; then
  say "using the install in $tmp (Node $(node -p 'process.versions.node'))"
else
  install
fi
cd "$tmp/repo"
version=$(node -p 'process.versions.node')
if $install_only; then
  exit 0
fi

say "vitest run under Node $(node --version)"
npx vitest run "$@"
say "passed under Node $version"
