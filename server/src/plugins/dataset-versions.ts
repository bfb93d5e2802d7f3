import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readDatasetVersions } from '../db/dataset-versions.ts';
import { DatasetVersionWatcher } from '../lib/dataset-versions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** When the public data sets last changed, read at most once per check interval. */
    datasetVersions: DatasetVersionWatcher;
  }
}

/**
 * `app.datasetVersions`: the watcher every cache of public data (reference data, content,
 * affiliates, price calendars) keys its entries by, so a seed, an import or another process's
 * change is followed within one check interval.
 */
export const datasetVersionsPlugin = fp(
  async (app: FastifyInstance, options: { checkIntervalMs: number }) => {
    const versions = new DatasetVersionWatcher(() => readDatasetVersions(app.db), {
      checkIntervalMs: options.checkIntervalMs,
      onError: (error) =>
        app.log.warn({ err: error }, 'could not read dataset_versions: serving cached data'),
    });
    app.decorate('datasetVersions', versions);
  },
  { name: 'dataset-versions', dependencies: ['database'] },
);
