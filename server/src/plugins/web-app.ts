import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath, looksLikeFile } from '@uniquair/contract/server-paths';
import { noRouteAnswer } from './framework-errors.ts';

/** The service worker's file in the web build, served at `/service-worker.js` (SPEC §7). */
export const SERVICE_WORKER_FILE = 'service-worker.js';

function wantsDocument(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/** Images the build copies unchanged (the logo, icons, partners' and payment logos): no hash. */
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|gif|ico)$/i;

/**
 * How long browsers may keep a file of the build: fingerprinted assets a year (a new build has new
 * names); images without a hash a day, then shown while they are checked again in the background
 * for a week, so a page that shows the logo three times (its icon, the start-up screen, the
 * header) asks for it once; everything else — index.html, the service worker, the manifest — is
 * checked on every use, so a deployment is seen at once.
 */
function staticCacheControl(distDir: string, filePath: string): string {
  if (filePath.startsWith(join(distDir, 'assets'))) return 'public, max-age=31536000, immutable';
  if (IMAGE_FILE.test(filePath)) return 'public, max-age=86400, stale-while-revalidate=604800';
  return 'no-cache';
}

/**
 * Serves the built web app from `web/dist`: fingerprinted assets cached for a year, images a day,
 * everything else revalidated ({@link staticCacheControl}), and any other page path answered with
 * index.html so deep links open the app. Paths under /api/ (and the other server prefixes) never
 * fall back to the app: they answer the JSON 404 error body, or 405 with `Allow` when the path
 * exists for other methods. Without a built web app, only the API is served.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string }) => {
    const indexFile = join(options.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', staticCacheControl(options.distDir, filePath));
          // The service worker controls the whole origin and is checked afresh on every update
          // check; the manifest goes with its registered type (docs/pwa.md).
          if (filePath === join(options.distDir, SERVICE_WORKER_FILE)) {
            reply.header('service-worker-allowed', '/');
            reply.header('content-type', 'text/javascript; charset=utf-8');
          } else if (filePath.endsWith('.webmanifest')) {
            reply.header('content-type', 'application/manifest+json; charset=utf-8');
          }
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built: serving the API only');
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (hasWebApp && !isServerPath(request.url) && wantsDocument(request)) {
        if (!looksLikeFile(request.url)) {
          return reply.header('cache-control', 'no-cache').sendFile('index.html');
        }
      }
      return noRouteAnswer(request, reply);
    });
  },
  { name: 'web-app' },
);
