# syntax=docker/dockerfile:1
#
# Uniquair in one image: the server, run from its TypeScript sources by tsx (docs/decisions/003),
# serving the built web app, the API, SSE and WebSocket on one port. docs/deploy.md walks through
# building and running it.
#
#   docker build -t uniquair:local .
#
# Stages: `base` (Node with the npm that reads package.json "allowScripts"), `toolchain` (compilers
# and the package manifests), `web` (the Vite build), `deps` (production dependencies, native
# modules built on the same base image as the runtime), `runtime` (the final image).

ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS base
# Node 20 ships npm 10, which ignores "allowScripts" and runs every dependency's install script;
# npm 11 runs only those package.json allows (better-sqlite3, esbuild), as on a developer's machine.
ARG NPM_VERSION=11.19.1
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN npm install --global "npm@${NPM_VERSION}" \
    && npm cache clean --force
WORKDIR /app

FROM base AS toolchain
# better-sqlite3 compiles from source when no prebuilt binary can be downloaded, against the
# headers that come with this Node (no download).
ENV npm_config_nodedir=/usr/local
RUN apt-get update \
    && apt-get install --yes --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
# The manifests of every workspace (npm ci checks the lockfile against all of them); the sources
# come later, so the dependency layers stay cached until a manifest changes.
COPY package.json package-lock.json .npmrc ./
COPY domain/package.json domain/
COPY contract/package.json contract/
COPY i18n/package.json i18n/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM toolchain AS web
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace web
COPY tsconfig.base.json ./
COPY domain domain
COPY contract contract
COPY i18n i18n
COPY web web
# Build-time settings of the web app (README "Configuration"): the optional analytics and
# live-chat scripts (the server's VITE_* variables must name the same origins, or the
# Content-Security-Policy blocks them) and the build's id in index.html (default: the build time).
ARG VITE_ANALYTICS_URL
ARG VITE_LIVE_CHAT_URL
ARG VITE_BUILD_ID
RUN npm run build --workspace web

FROM toolchain AS deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace server
COPY domain domain
COPY contract contract
COPY i18n i18n
COPY server server

FROM base AS runtime
ENV NODE_ENV=production
# The production dependencies and sources, owned by root: the server cannot change its own code.
COPY --from=deps /app /app
COPY --from=web /app/web/dist /app/web/dist
# data/ is the one writable folder: support attachments (SUPPORT_ATTACHMENTS_DIR, a volume shared by
# every replica) and, without DATABASE_URL, a SQLite database.
RUN mkdir -p /app/data/support-attachments \
    && chown -R node:node /app/data \
    && chmod -R 0750 /app/data
USER node
EXPOSE 3000
# Liveness: the process answers and its database is reachable (docs/operations.md "Health"). The
# first start migrates and seeds before it listens, hence the long start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=300s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself, not npm: SIGTERM reaches the server, which drains its requests and closes.
CMD ["node", "--import", "tsx", "server/src/server.ts"]
