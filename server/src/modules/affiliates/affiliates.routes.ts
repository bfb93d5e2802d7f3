import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AffiliateResponseSchema } from '@uniquair/contract/affiliate';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { publicAffiliate } from './affiliates.service.ts';

/**
 * `GET /api/affiliate/current` (SPEC §7) and the partner link `/a/{code}`, which attaches a known
 * affiliate and sends the visitor to the home page. (`?aff=<code>` on any page does the same; see
 * affiliates.plugin.ts.)
 */
export const affiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/affiliate/current',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'The affiliate partner attached to this visitor',
        response: { 200: AffiliateResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const affiliate = await app.affiliates.current(request);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .send({ affiliate: publicAffiliate(affiliate) });
    },
  );

  app.get(
    '/a/:code',
    {
      schema: {
        tags: ['affiliates'],
        summary: "A partner's link: attaches the affiliate for 30 days, then opens the home page",
        description: 'Unknown or inactive codes are ignored; the answer is always a redirect to /.',
        params: z.object({ code: z.string() }),
        response: { 302: z.null().meta({ description: 'Redirect to /' }), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await app.affiliates.attach(reply, request.params.code);
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    },
  );
};
