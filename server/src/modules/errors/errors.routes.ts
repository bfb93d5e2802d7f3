import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_REPORT_MAX_BYTES,
  ErrorReportRequestSchema,
  ErrorReportResponseSchema,
} from '@uniquair/contract/error-report';
import { errorResponses } from '../../lib/error-body.ts';
import { ERROR_REPORTS_PER_MINUTE, saveErrorReport } from './errors.service.ts';

/**
 * `POST /api/error/save` (SPEC §7): the app reports an error it caught. Bodies over 10 KB are 413,
 * invalid ones 400; more than 30 reports a minute from one client are 429 with Retry-After.
 */
export const errorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/error/save',
    {
      bodyLimit: ERROR_REPORT_MAX_BYTES,
      config: { rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['errors'],
        summary: 'Store an error report from the app for operators',
        description: `At most ${ERROR_REPORT_MAX_BYTES} bytes; at most ${ERROR_REPORTS_PER_MINUTE} reports per minute per client.`,
        body: ErrorReportRequestSchema,
        response: {
          200: ErrorReportResponseSchema,
          ...errorResponses(400, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      await saveErrorReport(app.db, request.log, request.body, {
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      return reply.header('cache-control', 'no-store').send({ success: true as const });
    },
  );
};
