import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { HealthResponseSchema } from '@uniquair/contract/health';
import { APP_VERSION } from '@uniquair/domain/config/app';
import { ServiceError } from '../../lib/service-error.ts';

/** `GET /api/health`: the service answers and its database is reachable. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new ServiceError('DATABASE_UNAVAILABLE', 'The database is unreachable');
      }
      return reply.header('cache-control', 'no-store').send({
        success: true as const,
        status: 'ok' as const,
        version: APP_VERSION,
        database: {
          kind: app.database.kind,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
      });
    },
  );
};
