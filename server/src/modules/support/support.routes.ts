import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@uniquair/contract/booking';
import {
  AttachmentParamsSchema,
  MAX_ATTACHMENTS,
  MAX_OPEN_TICKETS,
  OpenTicketRequestSchema,
  SupportTicketResponseSchema,
  SupportTicketsQuerySchema,
  SupportTicketsResponseSchema,
  TicketParamsSchema,
  TicketReplyFormSchema,
  TicketReplyRequestSchema,
} from '@uniquair/contract/support';
import { errorResponses } from '../../lib/error-body.ts';
import { idempotencyKeyShape, optionalIdempotencyKey } from '../../lib/request-headers.ts';
import { sendStoredAnswer } from '../../lib/stored-answer.ts';
import { privateAnswer, requireSession } from '../../plugins/auth.ts';
import type { SupportCallers } from './support.caller.ts';
import type { SupportService } from './support.service.ts';
import {
  ATTACHMENT_DOWNLOAD,
  jsonOrForm,
  MESSAGE_FORM_LIMITS,
  readMessageForm,
  sendAttachment,
  sentMessage,
} from './support.uploads.ts';

/** Tickets opened per client in a minute; replies, closes and reopens likewise. */
export const SUPPORT_RATE_LIMITS = { open: 10, write: 60 } as const;

/** The optional key of a draft, for the OpenAPI document. */
const IDEMPOTENCY_HEADERS = z.object(idempotencyKeyShape('draft'));

const ONCE_PER_DRAFT =
  'An optional `Idempotency-Key` (a draft sent again when the network came back) answers the first answer again instead of adding the message twice; the same key with another message is 422, while the first request runs 409 IDEMPOTENCY_KEY_IN_USE.';

const OWN =
  'Signed-in travellers only (401 otherwise); another user’s ticket is 404, as an unknown one.';

const OWN_OR_VISITOR =
  'Signed-in travellers, or visitors without an account whose browser an e-mailed link let in ' +
  '(the visitor session cookie; their confirmed tickets only); 401 otherwise. Anyone else’s ' +
  'ticket is 404, as an unknown one.';

/** How images go with a message (docs/support.md "Attachments"), for the OpenAPI document. */
export const ATTACHING = [
  `As a multipart form (\`body\` field, one \`files\` part per image) a message carries up to ${MAX_ATTACHMENTS} images:`,
  'JPEG, PNG or WebP recognised by their content (anything else is 415 on `body.files`), at most',
  "5 MB each (413 'Max file size allowed is 5.00 MB') and 25 megapixels (400), a sixth file is 400.",
  'Each is re-encoded without metadata. A refused image refuses the whole message: nothing is stored.',
].join(' ');

/**
 * The traveller's support tickets (docs/support.md): list, open, read, reply, close, reopen.
 * Opening a ticket needs a session; the other routes a session or a visitor's session cookie
 * (`support.caller.ts`). Every route answers `no-store`.
 */
export const supportRoutes: FastifyPluginAsyncZod<{
  support: SupportService;
  callers: SupportCallers;
}> = async (app, options) => {
  const { support, callers } = options;
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });
  const ticketAnswer = (reply: Parameters<typeof privateAnswer>[0], ticket: unknown) =>
    privateAnswer(reply).send({ success: true as const, ticket });

  app.get(
    '/api/support/tickets',
    {
      onRequest: callers.guard,
      schema: {
        tags: ['support'],
        summary: 'The traveller’s support tickets, newest activity first, a page at a time',
        description: `${OWN_OR_VISITOR} \`status\` filters open or closed tickets; \`open\` counts the open ones (at most ${MAX_OPEN_TICKETS}).`,
        querystring: SupportTicketsQuerySchema,
        response: { 200: SupportTicketsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await support.list(await callers.of(request), request.query);
      return privateAnswer(reply).send({ success: true as const, ...page });
    },
  );

  app.post(
    '/api/support/tickets',
    {
      config: {
        auth: 'session',
        rateLimit: { max: SUPPORT_RATE_LIMITS.open, timeWindow: 60_000 },
      },
      schema: {
        tags: ['support'],
        summary: 'Open a support ticket',
        description: [
          OWN,
          'Subject up to 120 characters, short description up to 255, description up to 10,000;',
          '`pnr` must be one of the traveller’s bookings (400 otherwise). The sixth open ticket is',
          `429 TOO_MANY_OPEN_TICKETS ('You have too many open tickets'; at most ${MAX_OPEN_TICKETS}).`,
          'An optional `Idempotency-Key` (a draft sent again when the network came back) makes a',
          'retry answer the first answer again instead of opening a second ticket.',
        ].join(' '),
        headers: IDEMPOTENCY_HEADERS,
        body: OpenTicketRequestSchema,
        response: {
          200: SupportTicketResponseSchema,
          ...errorResponses(400, 401, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const key = optionalIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const answer = await support.open(user.id, request.body, key);
      return sendStoredAnswer(reply, answer);
    },
  );

  app.get(
    '/api/support/tickets/:id',
    {
      onRequest: callers.guard,
      schema: {
        tags: ['support'],
        summary: 'A support ticket with its conversation',
        description: OWN_OR_VISITOR,
        params: TicketParamsSchema,
        response: { 200: SupportTicketResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callers.of(request);
      return ticketAnswer(reply, await support.ticket(caller, request.params.id));
    },
  );

  app.post(
    '/api/support/tickets/:id/messages',
    {
      config: {
        rateLimit: { max: SUPPORT_RATE_LIMITS.write, timeWindow: 60_000 },
        csrf: { multipart: true },
      },
      onRequest: callers.guard,
      preValidation: readMessageForm,
      schema: {
        tags: ['support'],
        summary: 'Reply to a support ticket, with images or without',
        description: `${OWN_OR_VISITOR} Up to 10,000 characters; a closed ticket is 409 TICKET_CLOSED (reopen it first). ${ATTACHING} ${ONCE_PER_DRAFT}`,
        headers: IDEMPOTENCY_HEADERS,
        params: TicketParamsSchema,
        body: jsonOrForm(TicketReplyRequestSchema, TicketReplyFormSchema),
        response: {
          200: SupportTicketResponseSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = await callers.of(request);
      const key = optionalIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const message = sentMessage<z.output<typeof TicketReplyRequestSchema>>(request);
      return sendStoredAnswer(
        reply,
        await support.replyOnce(caller, request.params.id, message, key),
      );
    },
  );

  app.get(
    '/api/support/tickets/:id/attachments/:attachmentId',
    {
      onRequest: callers.guard,
      schema: {
        tags: ['support'],
        summary: 'Download an image of a support ticket’s conversation',
        description: `${OWN_OR_VISITOR} An image of a team note, or of another ticket, is 404 too.`,
        params: AttachmentParamsSchema,
        response: { 200: ATTACHMENT_DOWNLOAD, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callers.of(request);
      const { id, attachmentId } = request.params;
      return sendAttachment(reply, await support.attachment(caller, id, attachmentId));
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/api/support/tickets/:id/${action}`,
      {
        config: {
          rateLimit: { max: SUPPORT_RATE_LIMITS.write, timeWindow: 60_000 },
        },
        onRequest: callers.guard,
        schema: {
          tags: ['support'],
          summary:
            action === 'close'
              ? 'Close a support ticket (solved)'
              : 'Reopen a closed support ticket',
          description:
            action === 'close'
              ? `${OWN_OR_VISITOR} Closing a closed ticket changes nothing.`
              : `${OWN_OR_VISITOR} Reopening counts toward the open tickets: the sixth is 429 TOO_MANY_OPEN_TICKETS.`,
          params: TicketParamsSchema,
          response: {
            200: SupportTicketResponseSchema,
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const caller = await callers.of(request);
        const ticket =
          action === 'close'
            ? await support.close(caller, request.params.id)
            : await support.reopen(caller, request.params.id);
        return ticketAnswer(reply, ticket);
      },
    );
  }
};
