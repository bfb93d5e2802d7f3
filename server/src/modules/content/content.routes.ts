import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageParamsSchema, PageQuerySchema, PageResponseSchema } from '@uniquair/contract/data';
import { errorResponses } from '../../lib/error-body.ts';
import { PER_VISITOR, sendPrepared, sharedCache } from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { isEnabledIn } from '../data/data.service.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';

/** A page in a locale the query names: the same for everyone; edits show within five minutes. */
const PAGE = sharedCache(300, 86_400);

/**
 * `GET /api/data/page/{id}` (SPEC §7): a content page by number or slug, in the visitor's locale
 * (or `?locale=`), falling back to English; the body is sanitised HTML.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/page/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page by number or slug',
        params: PageParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: PageResponseSchema,
          304: z.null().meta({ description: 'Not modified: the cached copy is current.' }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const asked = request.query.locale;
      let locale: string;
      if (asked === undefined) {
        locale = (await resolveVisitorPreferences(request)).locale;
      } else {
        if (!isEnabledIn(await app.referenceData.snapshot(), asked)) {
          throw new ServiceError('NOT_FOUND', `Locale ${asked} is not available`, {
            'querystring.locale': [`Unknown or disabled locale "${asked}"`],
          });
        }
        locale = asked;
      }
      const prepared = await app.content.page(request.params.id, locale);
      return sendPrepared(request, reply, prepared, asked === undefined ? PER_VISITOR : PAGE);
    },
  );
};
