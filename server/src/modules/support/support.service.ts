import type { Kysely } from 'kysely';
import {
  MAX_OPEN_TICKETS,
  TICKETS_PAGE_SIZE,
  type SupportTicket,
} from '@uniquair/contract/support';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';
import {
  answerOncePerKey,
  fingerprintOf,
  type LeaseOwner,
} from '../payments/payments.idempotency.ts';
import {
  withStaged,
  type AttachmentFile,
  type StagedAttachments,
  type SupportAttachments,
} from './support.attachments.ts';
import { callerScope, type SupportCaller } from './support.caller.ts';
import { isUnread, notFound, summaryOf } from './support.views.ts';
import {
  attachmentOfTicket,
  countOpenTickets,
  insertMessage,
  insertTicket,
  lockTraveller,
  messagesOfTicket,
  markTicketSeen,
  moveTicket,
  ticketCounts,
  ticketOfCaller,
  ticketsOfCaller,
  touchTicket,
} from './support.repository.ts';
import { claimVisitorTickets } from './support.visitor-repository.ts';

/** The SPEC §5 text of the sixth open ticket. */
export const TOO_MANY_OPEN_TEXT = 'You have too many open tickets';

export interface SupportServiceOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** This server process: it owns the idempotency keys it claims. */
  instance: LeaseOwner;
  /** The booking of `pnr` when it is the user's (the booking module's rule), else null. */
  bookingOfUser: (pnr: string, userId: number) => Promise<{ id: number; pnr: string } | null>;
  /** The images sent with messages. */
  attachments: SupportAttachments;
}

export interface OpenTicket {
  subject: string;
  shortDescription: string;
  description: string;
  pnr?: string | undefined;
}

function tooManyOpen(): ServiceError {
  return new ServiceError('TOO_MANY_OPEN_TICKETS', TOO_MANY_OPEN_TEXT, {
    _: ['support.error.tooManyOpen'],
  });
}

/** The caller's open ticket, or why they cannot write to it (404, or 409 when closed). */
async function writableTicket(db: Kysely<Database>, caller: SupportCaller, ticketId: number) {
  const row = await ticketOfCaller(db, caller, ticketId);
  if (row === undefined) throw notFound();
  if (row.status !== 'open') {
    throw new ServiceError('TICKET_CLOSED', 'support.error.closed', {
      _: ['support.error.closed'],
    });
  }
  return row;
}

/**
 * Support tickets of signed-in travellers (docs/support.md): the list, opening one (at most
 * {@link MAX_OPEN_TICKETS} open, counted under a lock of the traveller so concurrent openings
 * cannot pass it), the conversation, replies, closing and reopening. Every read and write is
 * scoped to the traveller: another user's ticket is NOT_FOUND, as an unknown one.
 */
export class SupportService {
  readonly #options: SupportServiceOptions;

  constructor(options: SupportServiceOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  #now(): string {
    return this.#options.now().toISOString();
  }

  /**
   * A signed-in user whose address is confirmed takes over the confirmed tickets a visitor wrote
   * from that address before the account existed (docs/support.md "Visitors without an account").
   */
  async #claim(caller: SupportCaller): Promise<void> {
    if (caller.userId !== undefined) await claimVisitorTickets(this.#db, caller.userId);
  }

  /** `GET /api/support/tickets`: a page of the caller's tickets, newest activity first. */
  async list(
    caller: SupportCaller,
    query: { status?: 'open' | 'closed' | undefined; page: number },
  ) {
    await this.#claim(caller);
    const { rows, total } = await ticketsOfCaller(this.#db, caller, {
      status: query.status,
      limit: TICKETS_PAGE_SIZE,
      offset: (query.page - 1) * TICKETS_PAGE_SIZE,
    });
    return {
      tickets: rows.map((row) => summaryOf(row, 'traveller')),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE)),
      ...(await ticketCounts(this.#db, caller)),
    };
  }

  /**
   * `POST /api/support/tickets`. With an `Idempotency-Key` (a draft sent again after the network
   * came back) the first answer is stored and sent again, so a retry never opens two tickets.
   */
  async open(userId: number, request: OpenTicket, key: string | null): Promise<StoredAnswer> {
    const work = async () => ({
      success: true as const,
      ticket: await this.#open(userId, request),
    });
    if (key === null) return { status: 200, body: JSON.stringify(await work()) };
    return answerOncePerKey(
      this.#db,
      {
        scope: `support-ticket:${userId}`,
        key,
        fingerprint: fingerprintOf(request),
        now: this.#options.now(),
        owner: this.#options.instance,
      },
      work,
    );
  }

  async #open(userId: number, request: OpenTicket): Promise<SupportTicket> {
    const booking =
      request.pnr === undefined
        ? null
        : await this.#options.bookingOfUser(request.pnr.toUpperCase(), userId);
    if (request.pnr !== undefined && booking === null) {
      throw new ServiceError('VALIDATION_ERROR', 'support.error.pnrNotYours', {
        'body.pnr': ['support.error.pnrNotYours'],
      });
    }
    const now = this.#now();
    const ticketId = await this.#db.transaction().execute(async (trx) => {
      await lockTraveller(trx, userId);
      if ((await countOpenTickets(trx, { userId })) >= MAX_OPEN_TICKETS) throw tooManyOpen();
      return insertTicket(trx, {
        user_id: userId,
        subject: request.subject,
        short_description: request.shortDescription,
        description: request.description,
        status: 'open',
        booking_id: booking?.id ?? null,
        pnr: booking?.pnr ?? null,
        created_at: now,
        updated_at: now,
        last_activity_at: now,
        closed_at: null,
        waiting_since: now,
      });
    });
    return this.ticket({ userId }, ticketId);
  }

  /** `GET /api/support/tickets/{id}`: the ticket and its conversation (no team notes). */
  async ticket(caller: SupportCaller, ticketId: number): Promise<SupportTicket> {
    await this.#claim(caller);
    const row = await ticketOfCaller(this.#db, caller, ticketId);
    if (row === undefined) throw notFound();
    // Shown to its traveller: what the team wrote is read now (written only when it was not).
    if (isUnread(row, 'traveller')) {
      await markTicketSeen(this.#db, ticketId, 'traveller', this.#now());
    }
    const messages = await messagesOfTicket(this.#db, ticketId, { internal: false });
    const attachments = await this.#options.attachments.byMessage(
      this.#db,
      messages.map((message) => Number(message.id)),
    );
    return {
      ...summaryOf(row, 'traveller'),
      unread: false,
      description: row.description,
      messages: messages.map((message) => ({
        id: Number(message.id),
        author: message.author,
        body: message.body,
        attachments: attachments.get(Number(message.id)) ?? [],
        createdAt: message.created_at,
      })),
    };
  }

  /**
   * `POST /api/support/tickets/{id}/messages` with an optional `Idempotency-Key`: a reply drafted
   * offline and sent again when the network came back answers the first answer again instead of
   * adding the message twice (the key is the draft's, per traveller and ticket).
   */
  async replyOnce(
    caller: SupportCaller,
    ticketId: number,
    message: { body: string; files: readonly File[] },
    key: string | null,
  ): Promise<StoredAnswer> {
    const work = async () => ({
      success: true as const,
      ticket: await this.reply(caller, ticketId, message.body, message.files),
    });
    if (key === null) return { status: 200, body: JSON.stringify(await work()) };
    return answerOncePerKey(
      this.#db,
      {
        scope: `support-reply:${callerScope(caller)}:${ticketId}`,
        key,
        // The images by what the traveller chose: their names, types and sizes.
        fingerprint: fingerprintOf({
          body: message.body,
          files: message.files.map((file) => [file.name, file.type, file.size]),
        }),
        now: this.#options.now(),
        owner: this.#options.instance,
      },
      work,
    );
  }

  /**
   * The traveller's reply to an open ticket, with the images sent with it (docs/support.md
   * "Attachments"). The images are re-encoded and written first; the message, their rows and
   * their files are kept together or not at all.
   */
  async reply(
    caller: SupportCaller,
    ticketId: number,
    body: string,
    files: readonly File[] = [],
  ): Promise<SupportTicket> {
    let staged: StagedAttachments | null = null;
    if (files.length > 0) {
      // Nothing is decoded for a ticket that cannot take the message.
      await writableTicket(this.#db, caller, ticketId);
      staged = await this.#options.attachments.stage(files);
    }
    const now = this.#now();
    await withStaged(staged, () =>
      this.#db.transaction().execute(async (trx) => {
        if (caller.userId !== undefined) await lockTraveller(trx, caller.userId);
        await writableTicket(trx, caller, ticketId);
        const messageId = await insertMessage(trx, {
          ticket_id: ticketId,
          author: 'traveller',
          author_user_id: caller.userId ?? null,
          body,
          internal: 0,
          created_at: now,
        });
        await staged?.record(trx, messageId, now);
        await touchTicket(trx, ticketId, now, 'traveller');
      }),
    );
    return this.ticket(caller, ticketId);
  }

  /**
   * `GET /api/support/tickets/{id}/attachments/{attachmentId}`: an image of the traveller's
   * ticket (never of a team note); NOT_FOUND otherwise, as for a ticket that is not theirs.
   */
  async attachment(
    caller: SupportCaller,
    ticketId: number,
    attachmentId: string,
  ): Promise<AttachmentFile> {
    const row = await attachmentOfTicket(this.#db, ticketId, attachmentId, caller);
    if (row === undefined) throw notFound();
    return this.#options.attachments.file(row);
  }

  /** `POST /api/support/tickets/{id}/close`: solved; closing a closed ticket changes nothing. */
  async close(caller: SupportCaller, ticketId: number): Promise<SupportTicket> {
    const row = await ticketOfCaller(this.#db, caller, ticketId);
    if (row === undefined) throw notFound();
    await moveTicket(this.#db, ticketId, 'open', 'closed', this.#now());
    return this.ticket(caller, ticketId);
  }

  /** `POST /api/support/tickets/{id}/reopen`: open again, within the open-ticket limit. */
  async reopen(caller: SupportCaller, ticketId: number): Promise<SupportTicket> {
    await this.#db.transaction().execute(async (trx) => {
      if (caller.userId !== undefined) await lockTraveller(trx, caller.userId);
      const row = await ticketOfCaller(trx, caller, ticketId);
      if (row === undefined) throw notFound();
      if (row.status === 'open') return;
      if ((await countOpenTickets(trx, caller)) >= MAX_OPEN_TICKETS) throw tooManyOpen();
      await moveTicket(trx, ticketId, 'closed', 'open', this.#now());
    });
    return this.ticket(caller, ticketId);
  }
}
