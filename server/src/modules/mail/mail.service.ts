import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/database.ts';
import { escapeLogText } from '../../lib/log-text.ts';
import { renderMail, type MailContent } from './mail.templates.ts';
import {
  latestMail,
  type MailRow,
  claimMail,
  dueMailIds,
  insertMail,
  insertMailAttachments,
  mailAttachments,
  markMailFailed,
  type MailAttachment,
  markMailSent,
  releaseStaleMail,
} from './mail.repository.ts';

export type { MailAttachment };

/** Attempts before an e-mail is given up (with back-off: 1, 2, 4 … minutes between them). */
export const MAX_MAIL_ATTEMPTS = 8;
/** How often the outbox is looked at for retries and for e-mails queued by other processes. */
const POLL_INTERVAL_MS = 30_000;
/** An e-mail `sending` this long was dropped by a stopped process and is tried again. */
const STALE_SENDING_MS = 10 * 60_000;
const BATCH = 20;

export interface OutgoingMail extends MailContent {
  to: string;
}

/** An e-mail already rendered (by the mail templates or a module's own layout), to be queued. */
export interface QueuedMail {
  kind: string;
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** Files the e-mail carries (the booking confirmation's PDFs). */
  attachments?: readonly MailAttachment[];
}

/**
 * Writes a rendered e-mail to the outbox within `db` (a transaction or the database): `pending`
 * when an SMTP server sends it, else `held`. The booking confirmation, rendered by the tickets
 * module, is queued this way.
 */
export async function queueRenderedMail(
  db: Kysely<Database>,
  mail: QueuedMail,
  state: { delivers: boolean; now: Date },
): Promise<number> {
  const now = state.now.toISOString();
  const id = await insertMail(db, {
    created_at: now,
    kind: mail.kind,
    to_address: mail.to,
    locale: mail.locale,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    status: state.delivers ? 'pending' : 'held',
    next_attempt_at: now,
  });
  await insertMailAttachments(db, id, mail.attachments ?? []);
  return id;
}

export interface MailServiceOptions {
  /** `smtp://…` or `smtps://…`; null holds every e-mail in the outbox. */
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * E-mail delivery through an outbox (DESIGN §6, §7). `enqueue` writes the rendered e-mail in the
 * caller's transaction, so it exists exactly when what it announces does; `kick` (after commit)
 * and a timer send what is due over SMTP with nodemailer, each e-mail claimed by one conditional
 * update so that several processes never send it twice, retried with back-off. Without an SMTP
 * server the e-mails stay `held`, readable at /dev/mailbox in development.
 */
export class MailService {
  readonly #db: Kysely<Database>;
  readonly #options: MailServiceOptions;
  readonly #transport: Transporter | null;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(db: Kysely<Database>, options: MailServiceOptions) {
    this.#db = db;
    this.#options = options;
    this.#transport = options.smtpUrl === null ? null : nodemailer.createTransport(options.smtpUrl);
  }

  /** Whether e-mails leave the server (an SMTP server is configured). */
  get delivers(): boolean {
    return this.#transport !== null;
  }

  /** The latest e-mails of the outbox, newest first (the development mailbox). */
  latest(limit: number): Promise<MailRow[]> {
    return latestMail(this.#db, limit);
  }

  /** Renders an e-mail and writes it to the outbox, within `db` (a transaction or the database). */
  async enqueue(db: Kysely<Database>, mail: OutgoingMail): Promise<number> {
    const rendered = await renderMail(mail);
    return queueRenderedMail(
      db,
      { kind: mail.kind, to: mail.to, locale: mail.locale, ...rendered },
      { delivers: this.delivers, now: this.#options.now() },
    );
  }

  /** Starts sending what is due, without waiting for it (call after the transaction commits). */
  kick(): void {
    if (this.#transport === null || this.#closed) return;
    if (this.#running !== null) {
      this.#again = true;
      return;
    }
    this.#running = this.#deliverLoop().finally(() => {
      this.#running = null;
    });
  }

  /** Sends every due e-mail now and resolves when done (tests, shutdown). */
  async flush(): Promise<void> {
    this.kick();
    while (this.#running !== null) await this.#running;
  }

  /** Looks at the outbox periodically (retries, e-mails of other processes). */
  start(): void {
    if (this.#transport === null || this.#timer !== null) return;
    this.#timer = setInterval(() => this.kick(), POLL_INTERVAL_MS);
    this.#timer.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    if (this.#running !== null) await this.#running;
    this.#transport?.close();
  }

  async #deliverLoop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#deliverDue();
      } catch (error) {
        this.#options.log.warn({ err: error }, 'could not read the mail outbox');
      }
    } while (this.#again && !this.#closed);
  }

  async #deliverDue(): Promise<void> {
    const transport = this.#transport;
    if (transport === null) return;
    const now = () => this.#options.now();
    await releaseStaleMail(this.#db, new Date(now().getTime() - STALE_SENDING_MS).toISOString());
    for (;;) {
      const ids = await dueMailIds(this.#db, now().toISOString(), BATCH);
      if (ids.length === 0 || this.#closed) return;
      for (const id of ids) {
        const mail = await claimMail(this.#db, id, now().toISOString());
        if (mail === undefined) continue;
        try {
          await transport.sendMail({
            from: this.#options.from,
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            attachments: (await mailAttachments(this.#db, id)).map((attachment) => ({
              filename: attachment.filename,
              contentType: attachment.contentType,
              content: attachment.content,
            })),
          });
          await markMailSent(this.#db, id, now().toISOString());
        } catch (error) {
          const reason = escapeLogText(error instanceof Error ? error.message : String(error), 500);
          const attempts = Number(mail.attempts);
          const retryAt =
            attempts >= MAX_MAIL_ATTEMPTS
              ? null
              : new Date(now().getTime() + 60_000 * 2 ** (attempts - 1)).toISOString();
          await markMailFailed(this.#db, id, reason, retryAt);
          this.#options.log.warn(
            { mailId: id, kind: mail.kind, attempts, retryAt, reason },
            'could not send an e-mail',
          );
          if (retryAt !== null) return;
        }
      }
    }
  }
}
