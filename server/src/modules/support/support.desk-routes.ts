import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AttachmentParamsSchema,
  DeskReplyFormSchema,
  DeskReplyRequestSchema,
  DeskTicketResponseSchema,
  DeskTicketsQuerySchema,
  DeskTicketsResponseSchema,
  TicketParamsSchema,
} from '@uniquair/contract/support';
import { errorResponses } from '../../lib/error-body.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { privateAnswer, requireSession } from '../../plugins/auth.ts';
import type { SupportDesk } from './support.desk.ts';
import { ATTACHING, SUPPORT_RATE_LIMITS } from './support.routes.ts';
import {
  ATTACHMENT_DOWNLOAD,
  jsonOrForm,
  MESSAGE_FORM_LIMITS,
  readMessageForm,
  sendAttachment,
  sentMessage,
} from './support.uploads.ts';

const AGENTS =
  'The support team only: signed in (401 otherwise) with the `support_agent` role (403 otherwise; granted by `npm run users:role`).';

/**
 * The support team's desk API (docs/support.md "The desk"): the queue, a ticket with its
 * traveller, booking and internal notes, replies and notes, closing.
 */
export const supportDeskRoutes: FastifyPluginAsyncZod<{ desk: SupportDesk }> = async (
  app,
  options,
) => {
  const { desk } = options;
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });

  /** The signed-in agent, or why the caller may not use the desk. */
  const agent = async (request: FastifyRequest) => {
    const { user } = await requireSession(request);
    if (!(await app.userRoles.has(user.id, 'support_agent'))) {
      throw new ServiceError('FORBIDDEN', 'support.error.agentsOnly', {
        _: ['support.error.agentsOnly'],
      });
    }
    return user;
  };

  app.get(
    '/api/support/desk/tickets',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['support'],
        summary: 'The support queue: tickets longest waiting first',
        description: `${AGENTS} \`status\` (open by default), \`q\`: a PNR, or part of the traveller's e-mail address.`,
        querystring: DeskTicketsQuerySchema,
        response: { 200: DeskTicketsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await agent(request);
      const queue = await desk.queue(request.query);
      return privateAnswer(reply).send({ success: true as const, ...queue });
    },
  );

  app.get(
    '/api/support/desk/tickets/:id',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['support'],
        summary: 'A ticket with its traveller, its booking and the team’s internal notes',
        description: AGENTS,
        params: TicketParamsSchema,
        response: { 200: DeskTicketResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await agent(request);
      const ticket = await desk.ticket(request.params.id);
      return privateAnswer(reply).send({ success: true as const, ticket });
    },
  );

  app.post(
    '/api/support/desk/tickets/:id/messages',
    {
      config: {
        auth: 'session',
        rateLimit: { max: SUPPORT_RATE_LIMITS.write, timeWindow: 60_000 },
        csrf: { multipart: true },
      },
      // Who may send comes before any image is read.
      preValidation: async (request) => {
        await agent(request);
        await readMessageForm(request);
      },
      schema: {
        tags: ['support'],
        summary:
          'Answer a ticket, or add an internal note the traveller never sees, with images or without',
        description: `${AGENTS} A reply to a closed ticket is 409 TICKET_CLOSED; notes are always taken. In a form, \`internal\` is \`true\` or \`false\`. ${ATTACHING} A note's images stay inside the team.`,
        params: TicketParamsSchema,
        body: jsonOrForm(DeskReplyRequestSchema, DeskReplyFormSchema),
        response: {
          200: DeskTicketResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const user = await agent(request);
      const message = sentMessage<z.output<typeof DeskReplyRequestSchema>>(request);
      const ticket = await desk.reply(user.id, request.params.id, message);
      return privateAnswer(reply).send({ success: true as const, ticket });
    },
  );

  app.get(
    '/api/support/desk/tickets/:id/attachments/:attachmentId',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['support'],
        summary: 'Download an image of a ticket’s conversation, internal notes’ included',
        description: AGENTS,
        params: AttachmentParamsSchema,
        response: { 200: ATTACHMENT_DOWNLOAD, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await agent(request);
      const { id, attachmentId } = request.params;
      return sendAttachment(reply, await desk.attachment(id, attachmentId));
    },
  );

  app.post(
    '/api/support/desk/tickets/:id/close',
    {
      config: {
        auth: 'session',
        rateLimit: { max: SUPPORT_RATE_LIMITS.write, timeWindow: 60_000 },
      },
      schema: {
        tags: ['support'],
        summary: 'Close a ticket',
        description: `${AGENTS} Closing a closed ticket changes nothing.`,
        params: TicketParamsSchema,
        response: { 200: DeskTicketResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await agent(request);
      const ticket = await desk.close(request.params.id);
      return privateAnswer(reply).send({ success: true as const, ticket });
    },
  );
};
