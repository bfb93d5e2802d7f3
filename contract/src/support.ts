import { z } from 'zod';
import { isEnabledLocale } from '@uniquair/domain/locale/languages';
import { PnrSchema } from './booking.ts';
import { EmailSchema } from './users.ts';

/**
 * Support tickets (docs/support.md): a signed-in traveller's questions, optionally about one of
 * their bookings, and the conversation with the support team. Another user's ticket is 404.
 */

/** At most this many open tickets per traveller ('You have too many open tickets'). */
export const MAX_OPEN_TICKETS = 5;
export const SUBJECT_MAX = 120;
export const SHORT_DESCRIPTION_MAX = 255;
export const MESSAGE_MAX = 10_000;
/** Tickets per page of the list. */
export const TICKETS_PAGE_SIZE = 20;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const MESSAGE_AUTHORS = ['traveller', 'agent'] as const;

/** Text a person wrote: trimmed, not empty, at most `max` characters. */
const written = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'apiError.required')
    .max(max, `support.error.tooLong`)
    .meta({ description: `Up to ${max} characters.` });

/** At most this many images go with one message. */
export const MAX_ATTACHMENTS = 5;
/** The largest image a message takes, in bytes (5 MB: 'Max file size allowed is 5.00 MB'). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The image types a message takes, recognised by their content, never by name or declared type. */
export const ATTACHMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];

/** An image that goes with a message: re-encoded without metadata, downloaded by its id. */
export const SupportAttachmentSchema = z.object({
  id: z.string().meta({ description: 'Random id (32 hex digits) of the download address.' }),
  name: z.string().meta({ description: 'The file name it was sent with, made safe.' }),
  type: z.enum(ATTACHMENT_MEDIA_TYPES),
  size: z.number().int().meta({ description: 'Bytes of the stored (re-encoded) image.' }),
});
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;

/** The images of a multipart message: the `files` parts, at most {@link MAX_ATTACHMENTS}. */
const attachedFiles = z
  .array(z.file())
  .max(MAX_ATTACHMENTS, 'support.error.tooManyFiles')
  .default([])
  .meta({
    description: `Up to ${MAX_ATTACHMENTS} JPEG, PNG or WebP images of at most 5 MB each, one \`files\` part each.`,
  });

export const SupportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(MESSAGE_AUTHORS),
  body: z.string(),
  attachments: z.array(SupportAttachmentSchema),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** A ticket as the lists show it (without its messages). */
export const SupportTicketSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  shortDescription: z.string(),
  status: z.enum(TICKET_STATUSES),
  pnr: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  unread: z.boolean().meta({
    description:
      'Something the reader has not read: for the traveller a reply from the team, for the desk a message from the traveller. False on a ticket just read.',
  }),
});
export type SupportTicketSummary = z.infer<typeof SupportTicketSummarySchema>;

/** A ticket with its conversation: the description, then the messages, oldest first. */
export const SupportTicketSchema = SupportTicketSummarySchema.extend({
  description: z.string(),
  messages: z.array(SupportMessageSchema),
}).meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

/** `GET /api/support/tickets?status=open|closed&page=N`. */
export const SupportTicketsQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const SupportTicketsResponseSchema = z
  .object({
    success: z.literal(true),
    tickets: z.array(SupportTicketSummarySchema).meta({ description: 'Newest activity first.' }),
    page: z.number().int(),
    pages: z.number().int().meta({ description: 'Number of pages (at least 1).' }),
    /** Open tickets of the traveller (at most `MAX_OPEN_TICKETS`). */
    open: z.number().int(),
    unread: z
      .number()
      .int()
      .meta({ description: 'Tickets of the traveller with a reply from the team not read yet.' }),
  })
  .meta({ id: 'SupportTickets' });
export type SupportTicketsResponse = z.infer<typeof SupportTicketsResponseSchema>;

/** `POST /api/support/tickets`. */
export const OpenTicketRequestSchema = z
  .strictObject({
    subject: written(SUBJECT_MAX),
    shortDescription: written(SHORT_DESCRIPTION_MAX),
    description: written(MESSAGE_MAX),
    /** One of the traveller's bookings the ticket is about. */
    pnr: PnrSchema.optional(),
  })
  .meta({ id: 'OpenTicketRequest' });
export type OpenTicketRequest = z.input<typeof OpenTicketRequestSchema>;

/** `POST /api/support/tickets/{id}/messages` (JSON). */
export const TicketReplyRequestSchema = z
  .strictObject({ body: written(MESSAGE_MAX) })
  .meta({ id: 'TicketReplyRequest' });

/** `POST /api/support/tickets/{id}/messages` as a multipart form: the text and its images. */
export const TicketReplyFormSchema = z
  .strictObject({ body: written(MESSAGE_MAX), files: attachedFiles })
  .meta({ id: 'TicketReplyForm' });

export const TicketParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `…/tickets/{id}/attachments/{attachmentId}`: an image of one of the ticket's messages. */
export const AttachmentParamsSchema = TicketParamsSchema.extend({
  attachmentId: z.string().regex(/^[0-9a-f]{32}$/, 'apiError.invalid'),
});

export const SupportTicketResponseSchema = z
  .object({ success: z.literal(true), ticket: SupportTicketSchema })
  .meta({ id: 'SupportTicketResponse' });
export type SupportTicketResponse = z.infer<typeof SupportTicketResponseSchema>;

/* The support team's desk (`/api/support/desk/*`, the `support_agent` role). */

/** `GET /api/support/desk/tickets?status=&q=&page=`. */
export const DeskTicketsQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).default('open'),
  /** A PNR, or part of the traveller's e-mail address. */
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const DeskTicketSummarySchema = SupportTicketSummarySchema.extend({
  travellerEmail: z.string().nullable(),
  /** Since when the traveller has been waiting for an answer; null when the team spoke last. */
  waitingSince: z.string().nullable(),
});
export type DeskTicketSummary = z.infer<typeof DeskTicketSummarySchema>;

export const DeskTicketsResponseSchema = z
  .object({
    success: z.literal(true),
    tickets: z
      .array(DeskTicketSummarySchema)
      .meta({ description: 'Longest waiting first, then the latest activity.' }),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'DeskTickets' });
export type DeskTicketsResponse = z.infer<typeof DeskTicketsResponseSchema>;

/** A message as the team sees it: with its internal notes. */
export const DeskMessageSchema = SupportMessageSchema.extend({ internal: z.boolean() });

/** The booking a ticket is about, as the team sees it beside the ticket. */
export const DeskBookingSchema = z.object({
  pnr: z.string(),
  status: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string(),
  returnDate: z.string().nullable(),
});

export const DeskTicketSchema = SupportTicketSummarySchema.extend({
  description: z.string(),
  messages: z.array(DeskMessageSchema),
  traveller: z
    .object({ email: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
  booking: DeskBookingSchema.nullable(),
  waitingSince: z.string().nullable(),
}).meta({ id: 'DeskTicket' });
export type DeskTicket = z.infer<typeof DeskTicketSchema>;

export const DeskTicketResponseSchema = z
  .object({ success: z.literal(true), ticket: DeskTicketSchema })
  .meta({ id: 'DeskTicketResponse' });
export type DeskTicketResponse = z.infer<typeof DeskTicketResponseSchema>;

/** `POST /api/support/desk/tickets/{id}/messages`: a reply, or a note the traveller never sees. */
export const DeskReplyRequestSchema = z
  .strictObject({ body: written(MESSAGE_MAX), internal: z.boolean().default(false) })
  .meta({ id: 'DeskReplyRequest' });

/** The desk's reply or note as a multipart form: `internal` is `true` or `false` in words. */
export const DeskReplyFormSchema = z
  .strictObject({
    body: written(MESSAGE_MAX),
    internal: z
      .stringbool()
      .default(false)
      .meta({ description: '`true` for a note the traveller never sees, else `false`.' }),
    files: attachedFiles,
  })
  .meta({ id: 'DeskReplyForm' });
export type DeskReplyRequest = z.input<typeof DeskReplyRequestSchema>;

/* Visitors without an account (docs/support.md "Visitors without an account"). */

/** Unverified requests an e-mail address may have in 24 hours. */
export const MAX_UNVERIFIED_REQUESTS = 3;

/** `POST /api/support/requests`: a visitor's question, confirmed by an e-mailed link. */
export const VisitorRequestSchema = z
  .strictObject({
    email: EmailSchema,
    subject: written(SUBJECT_MAX),
    description: written(MESSAGE_MAX),
    /** A booking the question is about, with the surname of its booker or a passenger. */
    pnr: PnrSchema.optional(),
    lastName: z.string().trim().min(1, 'apiError.required').max(100).optional(),
    /** The language of the e-mails; the visitor's preferred one when absent. */
    locale: z
      .string()
      .refine(isEnabledLocale, 'apiError.invalid')
      .optional()
      .meta({ description: 'Language of the e-mails: one of the enabled locales, e.g. `en`.' }),
  })
  .superRefine((value, context) => {
    if (value.pnr !== undefined && value.lastName === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['lastName'],
        message: 'support.visitor.lastNameMissing',
      });
    }
    if (value.pnr === undefined && value.lastName !== undefined) {
      context.addIssue({ code: 'custom', path: ['pnr'], message: 'support.visitor.pnrMissing' });
    }
  })
  .meta({ id: 'VisitorSupportRequest' });
export type VisitorRequest = z.input<typeof VisitorRequestSchema>;

/** The same answer whether or not the address is known. */
export const VisitorRequestResponseSchema = z
  .object({ success: z.literal(true), status: z.literal('awaiting_verification') })
  .meta({ id: 'VisitorSupportRequestResponse' });
export type VisitorRequestResponse = z.infer<typeof VisitorRequestResponseSchema>;

/** `/api/support/email/{token}/verify`: an e-mailed link, 40 hexadecimal characters. */
export const SupportEmailTokenParamsSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{40}$/, 'apiError.invalid'),
});

/** The link used: this browser may read the visitor's tickets; `next` is the ticket. */
export const SupportEmailVerifyResponseSchema = z
  .object({ success: z.literal(true), next: z.string() })
  .meta({ id: 'SupportEmailVerifyResponse' });
export type SupportEmailVerifyResponse = z.infer<typeof SupportEmailVerifyResponseSchema>;
