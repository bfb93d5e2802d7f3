import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UNVERIFIED_REQUESTS,
  SupportEmailTokenParamsSchema,
  SupportEmailVerifyResponseSchema,
  VisitorRequestResponseSchema,
  VisitorRequestSchema,
} from '@uniquair/contract/support';
import { errorResponses } from '../../lib/error-body.ts';
import { LINK_PAGE_DESCRIPTION, renderLinkPage, sendLinkPage } from '../../lib/hand-off-page.ts';
import { privateAnswer } from '../../plugins/auth.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';
import type { SupportCallers } from './support.caller.ts';
import type { SupportVisitors } from './support.visitors.ts';

/** Requests per client a minute, and uses of e-mailed links (the page and its button). */
export const VISITOR_RATE_LIMITS = {
  requests: { max: 5, timeWindow: 60_000 },
  links: { max: 60, timeWindow: 60_000 },
} as const;

const VERIFY_PATH = '/api/support/email/:token/verify';

/**
 * Support for visitors without an account (docs/support.md "Visitors without an account"):
 * writing with an e-mail address, and the page and POST of the e-mailed links that confirm the
 * address or open a ticket from a reply's e-mail.
 */
export const supportVisitorRoutes: FastifyPluginAsyncZod<{
  visitors: SupportVisitors;
  callers: SupportCallers;
}> = async (app, options) => {
  const { visitors, callers } = options;

  app.post(
    '/api/support/requests',
    {
      config: { rateLimit: VISITOR_RATE_LIMITS.requests },
      schema: {
        tags: ['support'],
        summary: 'Write to the support team without an account',
        description: [
          'No sign-in needed. The ticket waits until the address is confirmed by the e-mailed link',
          '(`/{locale}/support/email/{token}/verify`, single use, 24 hours); until then it is nowhere.',
          'Subject up to 120 characters, description up to 10,000. `pnr` and `lastName` go together:',
          'the surname of the booker or of a passenger of that booking (422 VALIDATION_ERROR on',
          `\`body.pnr\` otherwise). At most ${MAX_UNVERIFIED_REQUESTS} unconfirmed requests per address`,
          'in 24 hours (429 TOO_MANY_REQUESTS). The answer is the same whether or not the address is',
          'known; `locale` (else the visitor’s preferred language) is the language of the e-mails.',
        ].join(' '),
        body: VisitorRequestSchema,
        response: {
          202: VisitorRequestResponseSchema,
          ...errorResponses(400, 403, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const locale = request.body.locale ?? (await resolveVisitorPreferences(request)).locale;
      await visitors.request(request.body, locale);
      return privateAnswer(reply)
        .code(202)
        .send({ success: true as const, status: 'awaiting_verification' as const });
    },
  );

  app.get(
    VERIFY_PATH,
    {
      config: { rateLimit: VISITOR_RATE_LIMITS.links },
      schema: {
        tags: ['support'],
        summary: 'A support e-mail’s link: the page that uses it',
        description: LINK_PAGE_DESCRIPTION,
        params: SupportEmailTokenParamsSchema,
        response: {
          200: z.string().meta({ description: 'HTML page (text/html).' }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { locale } = await resolveVisitorPreferences(request);
      const page = await renderLinkPage({
        locale,
        texts: {
          title: 'supportVerify.title',
          body: 'supportVerify.body',
          action: 'supportVerify.action',
          working: 'supportVerify.working',
          expired: 'bookingHandOff.expired',
          failed: 'bookingHandOff.failed',
        },
        values: {},
        again: null,
      });
      return sendLinkPage(reply, page);
    },
  );

  app.post(
    VERIFY_PATH,
    {
      config: { rateLimit: VISITOR_RATE_LIMITS.links },
      schema: {
        tags: ['support'],
        summary: 'Use a support e-mail’s link: confirm the address, open the ticket',
        description:
          'Single use (410 LINK_EXPIRED when unknown, used or expired). Confirms the visitor’s ' +
          'address (the ticket then waits in the desk’s queue) and lets this browser read the ' +
          'visitor’s tickets for 30 days (an HttpOnly cookie); `next` is the ticket’s page.',
        params: SupportEmailTokenParamsSchema,
        response: {
          200: SupportEmailVerifyResponseSchema,
          ...errorResponses(400, 403, 410, 415, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const used = await visitors.useLink(request.params.token);
      callers.grant(reply, used.session, used.maxAgeSeconds);
      return privateAnswer(reply).send({
        success: true as const,
        next: `/support/ticket/${used.ticketId}`,
      });
    },
  );
};
