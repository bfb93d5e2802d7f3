import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { InitPayments } from './data.init-data.ts';
import { dataRoutes } from './data.routes.ts';
import { ReferenceDataService } from './data.service.ts';

/**
 * The data module: `app.referenceData` (locales, currencies, the route network, cached per
 * data-set version) and the `/api/data` reads. Registered after the content and affiliates
 * modules, whose services the start-up data includes.
 */
export const dataPlugin = fp(
  async (app: FastifyInstance, options: InitPayments) => {
    app.decorate('referenceData', new ReferenceDataService(app.db, app.datasetVersions));
    await app.register(dataRoutes, options);
  },
  { name: 'data', dependencies: ['database', 'dataset-versions', 'content', 'affiliates'] },
);
