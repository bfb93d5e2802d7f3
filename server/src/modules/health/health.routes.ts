import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { HealthResponseSchema, ReadinessResponseSchema } from '@uniquair/contract/health';
import { APP_VERSION } from '@uniquair/domain/config/app';
import { errorBody } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { readinessCheck } from './health.readiness.ts';
import { pingDatabase } from './health.repository.ts';

/**
 * `GET /api/health` (liveness: the service answers and its database is reachable) and
 * `GET /api/health/ready` (readiness: it can take traffic).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkReadiness = readinessCheck({
    db: app.db,
    redis: app.redis,
    databaseOutage: app.databaseOutage,
  });

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
        await pingDatabase(app.db);
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

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database, its migrations and Redis',
        description:
          'Whether this process can take traffic: the database answers, every migration this ' +
          'version knows is applied, and Redis (when `REDIS_URL` is set) is connected. Otherwise ' +
          '503 with the error body, whose `errors` name the parts that failed: `database` ' +
          '(code `DATABASE_UNAVAILABLE`), `migrations` (not all applied, or they cannot be read), ' +
          '`redis` (code `SERVICE_UNAVAILABLE`).',
        response: { 200: ReadinessResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(request.log);
      reply.header('cache-control', 'no-store');
      if (!readiness.ready) {
        const { failed } = readiness;
        const code = failed.database ? 'DATABASE_UNAVAILABLE' : 'SERVICE_UNAVAILABLE';
        const errors = Object.fromEntries(
          Object.entries(failed).map(([part, message]) => [part, [message]]),
        );
        return reply.code(503).send(errorBody(code, errors));
      }
      return reply.send({
        success: true as const,
        status: 'ready' as const,
        version: APP_VERSION,
        database: { kind: app.database.kind, latencyMs: readiness.latencyMs },
        migrations: { applied: readiness.applied },
        redis: readiness.redis,
      });
    },
  );
};
