import type { Kysely } from 'kysely';
import {
  TICKETS_PAGE_SIZE,
  type DeskTicket,
  type DeskTicketSummary,
} from '@uniquair/contract/support';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  withStaged,
  type AttachmentFile,
  type StagedAttachments,
  type SupportAttachments,
} from './support.attachments.ts';
import {
  attachmentOfTicket,
  deskQueue,
  insertMessage,
  messagesOfTicket,
  markTicketSeen,
  moveTicket,
  ticketForDesk,
  touchTicket,
} from './support.repository.ts';
import { isUnread, notFound, summaryOf } from './support.views.ts';
import type { RepliedTicket, ReplyRecipient } from './support.visitors.ts';

/** The booking a ticket is about, as the desk shows it (from the booking module). */
export type DeskBooking = DeskTicket['booking'];

export interface SupportDeskOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** Tells the traveller of the team's reply. */
  mail: MailService;
  /** The booking module's summary of a booking for the team, or null when it is gone. */
  bookingSummary: (bookingId: number) => Promise<DeskBooking>;
  /** The images sent with messages. */
  attachments: SupportAttachments;
  /** Called after a commit that wrote outbox entries (the reply's Web Push). */
  afterOutboxWrite: () => void;
  /** Who a reply is e-mailed to, with its link (`support.visitors.ts`). */
  replyRecipient: (trx: Kysely<Database>, row: RepliedTicket) => Promise<ReplyRecipient | null>;
}

/**
 * The support team's desk (docs/support.md "The desk"): the queue of every traveller's tickets,
 * longest waiting first, searchable by PNR or address; a ticket with its traveller, the booking
 * it is about and the team's internal notes; replies, notes and closing. Who may use it (the
 * `support_agent` role) is the routes' check.
 */
export class SupportDesk {
  readonly #options: SupportDeskOptions;

  constructor(options: SupportDeskOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  async queue(query: { status: 'open' | 'closed'; q?: string | undefined; page: number }) {
    const { rows, total } = await deskQueue(this.#db, {
      status: query.status,
      q: query.q,
      limit: TICKETS_PAGE_SIZE,
      offset: (query.page - 1) * TICKETS_PAGE_SIZE,
    });
    const tickets = rows.map((row): DeskTicketSummary => ({
      ...summaryOf(row, 'desk'),
      travellerEmail: row.traveller_email,
      waitingSince: row.waiting_since,
    }));
    return { tickets, page: query.page, pages: Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE)) };
  }

  async ticket(ticketId: number): Promise<DeskTicket> {
    const row = await ticketForDesk(this.#db, ticketId);
    if (row === undefined) throw notFound();
    // Shown to an agent: the traveller's messages are read by the team now (written only when not).
    if (isUnread(row, 'desk')) {
      await markTicketSeen(this.#db, ticketId, 'desk', this.#options.now().toISOString());
    }
    const messages = await messagesOfTicket(this.#db, ticketId, { internal: true });
    const attachments = await this.#options.attachments.byMessage(
      this.#db,
      messages.map((message) => Number(message.id)),
    );
    return {
      ...summaryOf(row, 'desk'),
      unread: false,
      description: row.description,
      waitingSince: row.waiting_since,
      traveller:
        row.traveller_email === null
          ? row.visitor_email === null
            ? null
            : // A visitor without an account: their confirmed address only.
              { email: row.visitor_email, firstName: '', lastName: '' }
          : {
              email: row.traveller_email,
              firstName: row.first_name ?? '',
              lastName: row.last_name ?? '',
            },
      booking:
        row.booking_id === null ? null : await this.#options.bookingSummary(Number(row.booking_id)),
      messages: messages.map((message) => ({
        id: Number(message.id),
        author: message.author,
        body: message.body,
        internal: message.internal === 1,
        attachments: attachments.get(Number(message.id)) ?? [],
        createdAt: message.created_at,
      })),
    };
  }

  /**
   * The team's reply (the traveller's wait ends and they get an e-mail and a Web Push, written in
   * the same transaction)
   * or internal note (nothing changes for the traveller), with the images sent with it (kept
   * with the message or not at all, as the traveller's). A closed ticket takes notes only: a
   * reply is 409 TICKET_CLOSED.
   */
  async reply(
    agentId: number,
    ticketId: number,
    message: { body: string; internal: boolean; files?: readonly File[] | undefined },
  ): Promise<DeskTicket> {
    const files = message.files ?? [];
    let staged: StagedAttachments | null = null;
    if (files.length > 0) {
      // Nothing is decoded for a ticket that cannot take the message.
      await this.#writable(this.#db, ticketId, message.internal);
      staged = await this.#options.attachments.stage(files);
    }
    const now = this.#options.now().toISOString();
    await withStaged(staged, () =>
      this.#db.transaction().execute(async (trx) => {
        const row = await this.#writable(trx, ticketId, message.internal);
        const messageId = await insertMessage(trx, {
          ticket_id: ticketId,
          author: 'agent',
          author_user_id: agentId,
          body: message.body,
          internal: message.internal ? 1 : 0,
          created_at: now,
        });
        await staged?.record(trx, messageId, now);
        if (message.internal) return;
        await touchTicket(trx, ticketId, now, 'agent');
        // The traveller (or visitor) hears of the answer in their language, with a link to it.
        const recipient = await this.#options.replyRecipient(trx, row);
        if (recipient !== null) {
          await this.#options.mail.enqueue(trx, {
            kind: 'supportReply',
            ...recipient,
            values: { subject: row.subject },
          });
        }
        // A signed-in traveller's browsers that take notifications show it too; it opens the ticket.
        if (row.user_id !== null) {
          await enqueue(
            trx,
            'push.support-reply',
            { ticketId, userId: Number(row.user_id) },
            new Date(now),
          );
        }
      }),
    );
    if (!message.internal) {
      this.#options.mail.kick();
      this.#options.afterOutboxWrite();
    }
    return this.ticket(ticketId);
  }

  /** The ticket, when it takes this message: any ticket a note, an open one a reply. */
  async #writable(db: Kysely<Database>, ticketId: number, internal: boolean) {
    const row = await ticketForDesk(db, ticketId);
    if (row === undefined) throw notFound();
    if (row.status !== 'open' && !internal) {
      throw new ServiceError('TICKET_CLOSED', 'support.error.closed', {
        _: ['support.error.closed'],
      });
    }
    return row;
  }

  /** `GET /api/support/desk/tickets/{id}/attachments/{attachmentId}`: any image of the ticket. */
  async attachment(ticketId: number, attachmentId: string): Promise<AttachmentFile> {
    const row = await attachmentOfTicket(this.#db, ticketId, attachmentId, null);
    if (row === undefined) throw notFound();
    return this.#options.attachments.file(row);
  }

  async close(ticketId: number): Promise<DeskTicket> {
    const row = await ticketForDesk(this.#db, ticketId);
    if (row === undefined) throw notFound();
    await moveTicket(this.#db, ticketId, 'open', 'closed', this.#options.now().toISOString());
    return this.ticket(ticketId);
  }
}
