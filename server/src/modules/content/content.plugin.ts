import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentRoutes } from './content.routes.ts';
import { ContentService } from './content.service.ts';

/** The content module: `app.content` (pages and footer menus, cached per content version) and its routes. */
export const contentPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('content', new ContentService(app.db, app.datasetVersions));
    await app.register(contentRoutes);
  },
  { name: 'content', dependencies: ['database', 'dataset-versions'] },
);
