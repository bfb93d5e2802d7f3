// What docs/deploy.md promises about the image, the compose file and the proxy, checked on the
// files themselves (no Docker needed). Run by `npm run lint:deploy`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DockerfileParser } from 'dockerfile-ast';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

/** The Dockerfile as stages: name, parent (a stage or an image) and instructions. */
function dockerStages() {
  const stages = [];
  for (const instruction of DockerfileParser.parse(read('Dockerfile')).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      stages.push({
        name: instruction.getBuildStage(),
        parent: instruction.getImage(),
        instructions: [],
      });
    } else if (stages.length > 0) {
      const flags = Object.fromEntries(
        (instruction.getFlags?.() ?? []).map((flag) => [flag.getName(), flag.getValue()]),
      );
      const text = instruction.getArgumentsContent() ?? '';
      stages.at(-1).instructions.push({ keyword, text: text.replace(/\s+/g, ' '), flags });
    }
  }
  return stages;
}

/** The stages a stage is built on, itself first. */
function lineage(stages, name) {
  const chain = [];
  for (let stage = stages.find((s) => s.name === name); stage;) {
    chain.push(stage.name);
    const parent = stage.parent;
    stage = stages.find((s) => s.name === parent);
  }
  return chain;
}

const stages = dockerStages();
const final = stages.at(-1);
const finalOf = (keyword) => final.instructions.filter((i) => i.keyword === keyword);

describe('Dockerfile', () => {
  it('runs the final stage as an unprivileged user', () => {
    const user = finalOf('USER').at(-1);
    assert.ok(user, 'the final stage sets USER');
    assert.doesNotMatch(user.text.trim(), /^(root|0)(:|$)/);
  });

  it('checks health on GET /api/health', () => {
    const [healthcheck, ...more] = finalOf('HEALTHCHECK');
    assert.equal(more.length, 0);
    assert.match(healthcheck.text, /\/api\/health/);
  });

  it('ships production dependencies from npm ci --omit=dev, built on the runtime base', () => {
    const copies = finalOf('COPY').filter((copy) => /^\/app \/app$/.test(copy.text.trim()));
    assert.equal(copies.length, 1, 'the final stage copies /app from one stage');
    const from = copies[0].flags.from;
    const installs = lineage(stages, from).flatMap(
      (name) => stages.find((s) => s.name === name)?.instructions ?? [],
    );
    assert.ok(
      installs.some((i) => i.keyword === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.text)),
      `stage ${from} runs npm ci --omit=dev`,
    );
    // Native modules (better-sqlite3, @node-rs/argon2, sharp) must match the runtime's platform.
    const runtimeBase = lineage(stages, final.name).at(-1);
    assert.ok(lineage(stages, from).includes(runtimeBase), `${from} is built on ${runtimeBase}`);
  });

  it("honours package.json's allowScripts: npm 11 and no script overrides", () => {
    const npm = stages
      .flatMap((stage) => stage.instructions)
      .find((i) => i.keyword === 'ARG' && /^NPM_VERSION=/.test(i.text));
    assert.ok(npm, 'ARG NPM_VERSION pins the npm the image installs');
    assert.ok(Number(npm.text.split('=')[1].split('.')[0]) >= 11, 'npm 11 reads allowScripts');
    assert.ok(JSON.parse(read('package.json')).allowScripts, 'package.json has allowScripts');
    for (const run of stages.flatMap((stage) => stage.instructions)) {
      if (run.keyword !== 'RUN' || !/\bnpm ci\b/.test(run.text)) continue;
      assert.doesNotMatch(run.text, /--ignore-scripts|--dangerously-allow-all-scripts/);
    }
  });

  it('bakes in the web build at the path the server serves', () => {
    const copy = finalOf('COPY').find((c) => /\/web\/dist /.test(c.text));
    assert.ok(copy, 'the final stage copies web/dist');
    assert.match(copy.text, / \/app\/web\/dist$/);
    const web = stages.find((stage) => stage.name === copy.flags.from);
    assert.ok(web.instructions.some((i) => /npm run build --workspace web/.test(i.text)));
  });

  it('starts node itself (signals reach the server), not npm', () => {
    const cmd = JSON.parse(finalOf('CMD').at(-1).text);
    assert.equal(cmd[0], 'node');
    assert.ok(cmd.includes('server/src/server.ts'));
  });

  it('copies the manifest of every workspace before npm ci, and .dockerignore lets them in', () => {
    const { workspaces } = JSON.parse(read('package.json'));
    const sources = stages
      .flatMap((stage) => stage.instructions)
      .filter((i) => i.keyword === 'COPY' && i.flags.from === undefined)
      .flatMap((i) => i.text.trim().split(' ').slice(0, -1));
    for (const workspace of workspaces) assert.ok(sources.includes(`${workspace}/package.json`));
    // The context is an allow-list: `*`, then `!path` for what the image builds from.
    const rules = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    assert.equal(rules[0], '*');
    const allowed = rules.filter((rule) => rule.startsWith('!')).map((rule) => rule.slice(1));
    for (const source of sources) {
      assert.ok(
        allowed.some((path) => source === path || source.startsWith(`${path}/`)),
        `.dockerignore lets ${source} into the build context`,
      );
    }
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true });
  const services = compose.services;
  const image = compose['x-app'].image;
  const apps = Object.keys(services).filter((name) => services[name].image === image);

  it('has PostgreSQL, Redis, the proxy and two app replicas of one image', () => {
    assert.match(services.postgres.image, /^postgres:/);
    assert.match(services.redis.image, /^redis:/);
    assert.match(services.proxy.image, /^caddy:/);
    assert.ok(apps.length >= 2, `app replicas: ${apps.join(', ')}`);
  });

  it('wires the replicas to PostgreSQL, Redis and the proxy', () => {
    for (const name of apps) {
      const { environment } = services[name];
      assert.equal(environment.NODE_ENV, 'production');
      assert.match(environment.DATABASE_URL, /^postgres:\/\/[^@]+@postgres:5432\//);
      assert.match(environment.REDIS_URL, /^redis:\/\/redis:6379/);
      assert.equal(environment.TRUST_PROXY, 'true');
      assert.match(environment.PUBLIC_URL, /^https:\/\//);
    }
    const upstreams = services.proxy.environment.UPSTREAMS.split(/\s+/);
    assert.deepEqual(upstreams.sort(), apps.map((name) => `${name}:3000`).sort());
    assert.ok(services.proxy.volumes.some((v) => v.startsWith('./deploy/Caddyfile:')));
  });

  it('publishes ports on the proxy only', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'proxy') assert.equal(service.ports, undefined, `${name} publishes no port`);
    }
  });

  it('gives every replica the same support attachments folder', () => {
    for (const name of apps) {
      const folder = services[name].environment.SUPPORT_ATTACHMENTS_DIR;
      assert.ok(services[name].volumes.includes(`attachments:${folder}`));
    }
  });

  it('waits longer on stop than the server drains', () => {
    const grace = /^SHUTDOWN_GRACE_SECONDS=(\d+)$/m.exec(read('deploy/production.env.example'));
    for (const name of apps) {
      assert.ok(Number.parseInt(services[name].stop_grace_period, 10) > Number(grace[1]));
    }
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile').replace(/#.*$/gm, '');
  /** The body of the `handle <matcher> {…}` block whose line matches. */
  const block = (opening) => {
    const start = caddyfile.search(opening);
    assert.ok(start >= 0, `a block ${opening}`);
    let depth = 0;
    for (let index = caddyfile.indexOf('{', start); index < caddyfile.length; index += 1) {
      if (caddyfile[index] === '{') depth += 1;
      if (caddyfile[index] === '}' && --depth === 0) return caddyfile.slice(start, index);
    }
    throw new Error(`unclosed block ${opening}`);
  };

  it('passes SSE (/spp/) and WebSocket (/sp/) through unbuffered and uncompressed', () => {
    assert.match(caddyfile, /@streams path \/spp\/\* \/sp\/\*/);
    const streams = block(/handle @streams \{/);
    assert.match(streams, /flush_interval -1/);
    assert.doesNotMatch(streams, /\bencode\b/);
  });

  it('caches fingerprinted assets for a year, and only when found', () => {
    const assets = block(/handle \/assets\/\* \{/);
    assert.match(assets, /@found status 200 304/);
    assert.match(assets, /Cache-Control "public, max-age=31536000, immutable"/);
  });

  it('compresses the rest, balances on /api/health and keeps /metrics off the site', () => {
    assert.match(block(/handle \{/), /encode zstd gzip/);
    assert.match(caddyfile, /health_uri \/api\/health/);
    assert.match(block(/handle @metrics \{/), /respond 404/);
  });
});
