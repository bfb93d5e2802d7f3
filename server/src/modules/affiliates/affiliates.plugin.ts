import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath, looksLikeFile } from '@uniquair/contract/server-paths';
import { affiliatesRoutes } from './affiliates.routes.ts';
import { AffiliateService } from './affiliates.service.ts';

/** Whether a request is a browser opening a page of the app (not an API call, not a file). */
function isPageVisit(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !isServerPath(request.url) && !looksLikeFile(request.url);
}

/**
 * The affiliates module: `app.affiliates` (partners cached per content version) and its routes. A
 * page visit with `?aff=<code>` attaches that affiliate (SPEC §6), like the partner link `/a/{code}`.
 *
 * Registered after the cookies and data-set version plugins and before the web app.
 */
export const affiliatesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'affiliates',
      new AffiliateService(app.db, app.datasetVersions, app.visitorCookies),
    );

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

    await app.register(affiliatesRoutes);
  },
  { name: 'affiliates', dependencies: ['cookies', 'database', 'dataset-versions'] },
);
