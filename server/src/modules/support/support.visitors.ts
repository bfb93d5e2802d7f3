import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_UNVERIFIED_REQUESTS, SHORT_DESCRIPTION_MAX } from '@uniquair/contract/support';
import { generateLinkToken } from '@uniquair/domain/security/link-token';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import { insertTicket } from './support.repository.ts';
import {
  consumeVisitorToken,
  insertVisitorSession,
  insertVisitorToken,
  markVerified,
  unverifiedRequestsSince,
  visitorSessionEmail,
} from './support.visitor-repository.ts';

const HOUR_MS = 3_600_000;
/** How long the link confirming a visitor's address works. */
export const VERIFY_LINK_HOURS = 24;
/** How long the link of a reply's e-mail opens the ticket. */
export const OPEN_LINK_HOURS = 7 * 24;
/** How long a browser let in by a link reads the visitor's tickets. */
export const VISITOR_SESSION_DAYS = 30;

/** A visitor's session token: 256 random bits, base64url (as the session cookie's). */
const VISITOR_SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface VisitorRequestInput {
  email: string;
  subject: string;
  description: string;
  pnr?: string | undefined;
  lastName?: string | undefined;
}

export interface SupportVisitorsOptions {
  db: Kysely<Database>;
  now: () => Date;
  mail: MailService;
  /** The origin the e-mailed links open (the web app). */
  publicUrl: string;
  /** The booking of `pnr` when `lastName` is its booker's or a passenger's surname, else null. */
  bookingOfSurname: (pnr: string, lastName: string) => Promise<{ id: number; pnr: string } | null>;
}

/** Who hears of the team's reply to a ticket, in which language, and the link it carries. */
export interface ReplyRecipient {
  to: string;
  locale: string;
  firstName: string;
  link: string;
}

/** What the desk reads of a ticket to tell its traveller or visitor of a reply. */
export interface RepliedTicket {
  id: number;
  traveller_email: string | null;
  locale: string | null;
  first_name: string | null;
  visitor_email: string | null;
  visitor_locale: string | null;
}

/** A refusal of a well-formed request whose content does not hold (422, on a field). */
class UnprocessableRequest extends ServiceError {
  override get statusCode(): number {
    return 422;
  }
}

function linkExpired(): ServiceError {
  const message = 'This link has expired or has already been used';
  return new ServiceError('LINK_EXPIRED', message, { _: [message] });
}

/** The ticket's one-line summary: the description's first line, at most 255 characters. */
export function shortDescriptionOf(description: string): string {
  const firstLine = description.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return Array.from(firstLine === '' ? description.trim() : firstLine)
    .slice(0, SHORT_DESCRIPTION_MAX)
    .join('');
}

/** The e-mailed link of a visitor's ticket (to confirm the address, or to open a reply). */
export function visitorLink(publicUrl: string, locale: string, token: string): string {
  return `${publicUrl}/${locale}/support/email/${token}/verify`;
}

/**
 * Support tickets from visitors without an account (docs/support.md "Visitors without an
 * account"): a request waits until the e-mailed link confirms the address; using a link (that
 * one, or the one of a reply's e-mail) lets this browser read the visitor's tickets for
 * {@link VISITOR_SESSION_DAYS} days. Links are 40 hex characters, stored hashed, single use.
 */
export class SupportVisitors {
  readonly #options: SupportVisitorsOptions;

  constructor(options: SupportVisitorsOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  /**
   * `POST /api/support/requests`: stores the ticket unconfirmed and e-mails the link, in one
   * transaction. The booking is checked first, and at most {@link MAX_UNVERIFIED_REQUESTS}
   * unconfirmed requests an address may have in 24 hours.
   */
  async request(input: VisitorRequestInput, locale: string): Promise<void> {
    const email = input.email.trim().toLowerCase();
    let booking: { id: number; pnr: string } | null = null;
    if (input.pnr !== undefined && input.lastName !== undefined) {
      booking = await this.#options.bookingOfSurname(input.pnr, input.lastName);
      if (booking === null) {
        throw new UnprocessableRequest('VALIDATION_ERROR', 'support.error.bookingNotFound', {
          'body.pnr': ['support.error.bookingNotFound'],
        });
      }
    }
    const now = this.#options.now();
    const at = now.toISOString();
    await this.#db.transaction().execute(async (trx) => {
      const dayAgo = new Date(now.getTime() - 24 * HOUR_MS).toISOString();
      if ((await unverifiedRequestsSince(trx, email, dayAgo)) >= MAX_UNVERIFIED_REQUESTS) {
        throw new ServiceError('TOO_MANY_REQUESTS', 'support.error.tooManyRequests', {
          _: ['support.error.tooManyRequests'],
        });
      }
      const ticketId = await insertTicket(trx, {
        user_id: null,
        visitor_email: email,
        visitor_locale: locale,
        verified_at: null,
        subject: input.subject,
        short_description: shortDescriptionOf(input.description),
        description: input.description,
        status: 'open',
        booking_id: booking?.id ?? null,
        pnr: booking?.pnr ?? null,
        created_at: at,
        updated_at: at,
        last_activity_at: at,
        closed_at: null,
        waiting_since: null,
      });
      const token = await this.issueLink(trx, ticketId, 'verify');
      await this.#options.mail.enqueue(trx, {
        kind: 'supportVerify',
        to: email,
        locale,
        firstName: '',
        link: visitorLink(this.#options.publicUrl, locale, token),
        values: { subject: input.subject },
      });
    });
    this.#options.mail.kick();
  }

  /**
   * A new link of a visitor's ticket (`verify`: 24 hours, `open`: 7 days): the raw token, for the
   * e-mail only; the database keeps its hash.
   */
  async issueLink(
    trx: Kysely<Database>,
    ticketId: number,
    purpose: 'verify' | 'open',
  ): Promise<string> {
    const now = this.#options.now();
    const hours = purpose === 'verify' ? VERIFY_LINK_HOURS : OPEN_LINK_HOURS;
    const token = generateLinkToken((size) => randomBytes(size));
    await insertVisitorToken(trx, {
      raw: token,
      ticketId,
      purpose,
      expiresAt: new Date(now.getTime() + hours * HOUR_MS).toISOString(),
      now: now.toISOString(),
    });
    return token;
  }

  /**
   * `POST /api/support/email/{token}/verify`: uses the link (once; LINK_EXPIRED when unknown,
   * used or expired, all alike), confirms the ticket's address (it enters the desk's queue) and
   * opens a visitor session for this browser.
   */
  async useLink(
    token: string,
  ): Promise<{ ticketId: number; session: string; maxAgeSeconds: number }> {
    const now = this.#options.now();
    const at = now.toISOString();
    const session = randomBytes(32).toString('base64url');
    const ticketId = await this.#db.transaction().execute(async (trx) => {
      const used = await consumeVisitorToken(trx, token, at);
      if (used === undefined) throw linkExpired();
      await markVerified(trx, used.ticketId, at);
      await insertVisitorSession(trx, {
        raw: session,
        email: used.email,
        now: at,
        expiresAt: new Date(now.getTime() + VISITOR_SESSION_DAYS * 24 * HOUR_MS).toISOString(),
      });
      return used.ticketId;
    });
    return { ticketId, session, maxAgeSeconds: VISITOR_SESSION_DAYS * 24 * 3600 };
  }

  /**
   * Who the team's reply goes to: a user's ticket to the account's address with a link to the
   * conversation; a visitor's to their address, in their language, with a new single-use link
   * (7 days) that opens the ticket in the browser that uses it. Null when nobody can be told.
   */
  async replyRecipient(trx: Kysely<Database>, row: RepliedTicket): Promise<ReplyRecipient | null> {
    const { publicUrl } = this.#options;
    if (row.traveller_email !== null) {
      return {
        to: row.traveller_email,
        locale: row.locale ?? 'en',
        firstName: row.first_name ?? '',
        link: `${publicUrl}/support/ticket/${row.id}`,
      };
    }
    if (row.visitor_email === null) return null;
    const locale = row.visitor_locale ?? 'en';
    const token = await this.issueLink(trx, Number(row.id), 'open');
    return {
      to: row.visitor_email,
      locale,
      firstName: '',
      link: visitorLink(publicUrl, locale, token),
    };
  }

  /** The address a visitor session cookie stands for, or null when it is not a live one. */
  async sessionEmail(cookie: string | undefined): Promise<string | null> {
    if (cookie === undefined || !VISITOR_SESSION_PATTERN.test(cookie)) return null;
    const email = await visitorSessionEmail(this.#db, cookie, this.#options.now().toISOString());
    return email ?? null;
  }
}
