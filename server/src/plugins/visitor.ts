import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AffiliateService } from '../modules/affiliates/affiliates.service.ts';
import { ContentService } from '../modules/content/content.service.ts';
import { readDatasetVersions } from '../modules/data/data.repository.ts';
import { DatasetVersionWatcher } from '../modules/data/data.dataset-versions.ts';
import { ReferenceDataService } from '../modules/data/data.service.ts';
import { isServerPath, looksLikeFile } from './web-app.ts';

/** Whether a request is a browser opening a page of the app (not an API call, not a file). */
function isPageVisit(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !isServerPath(request.url) && !looksLikeFile(request.url);
}

/**
 * What the server knows about the visitor and the public data around them: the data-set version
 * watcher, reference data (locales, currencies …), content, and affiliate partners, each cached
 * per data-set version and shared by the modules. A page visit with `?aff=<code>` attaches that
 * affiliate (SPEC §6); the visitor's locale and currency come from
 * `resolveVisitorPreferences(request)` (modules/preferences).
 *
 * Registered after the cookies plugin and before the modules and the web app.
 */
export const visitorPlugin = fp(
  async (app: FastifyInstance, options: { datasetVersionCheckMs: number }) => {
    const versions = new DatasetVersionWatcher(() => readDatasetVersions(app.db), {
      checkIntervalMs: options.datasetVersionCheckMs,
      onError: (error) =>
        app.log.warn({ err: error }, 'could not read dataset_versions: serving cached data'),
    });
    app.decorate('datasetVersions', versions);
    app.decorate('referenceData', new ReferenceDataService(app.db, versions));
    app.decorate('content', new ContentService(app.db, versions));
    app.decorate('affiliates', new AffiliateService(app.db, versions, app.visitorCookies));

    // A plain (callback) hook: most requests carry no `aff=` and must pay nothing for it.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (!request.url.includes('aff=') || !isPageVisit(request)) return done();
      const code = (request.query as Record<string, unknown> | undefined)?.aff;
      if (typeof code !== 'string') return done();
      app.affiliates.attach(reply, code).then(
        () => done(),
        (error: unknown) => {
          // The page opens all the same; the partner link is just not recorded.
          request.log.warn({ err: error }, 'could not attach the affiliate of a page visit');
          done();
        },
      );
    });
  },
  { name: 'visitor', dependencies: ['cookies', 'database'] },
);
