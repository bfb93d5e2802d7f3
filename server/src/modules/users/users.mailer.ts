import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateLinkToken } from '@uniquair/domain/security/link-token';
import type { Database } from '../../db/database.ts';
import type { UserTokenPurpose } from '../../db/tables/accounts.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailKind } from '../mail/mail.templates.ts';
import { insertToken, retireTokens, type UserRow } from './users.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long each e-mailed link works (DESIGN §7; reference notes §1): a sign-in link 10 minutes
 * (ASVS 6.5.5), a recovery link 30 minutes, address confirmations a day.
 */
export const TOKEN_LIFETIME_MS: Readonly<Record<UserTokenPurpose, number>> = {
  confirm_email: 24 * HOUR,
  change_email: 24 * HOUR,
  recover: 30 * MINUTE,
  login: 10 * MINUTE,
};

/**
 * The e-mails of the accounts: single-use links (confirmation, recovery, sign-in) with the
 * e-mail that carries each, and notices about the account, all written to the mail outbox in the
 * caller's transaction and pointing at `publicUrl` (never the request's Host header).
 */
export class UserMailer {
  readonly #mail: MailService;
  readonly #now: () => Date;
  readonly #publicUrl: string;

  constructor(options: { mail: MailService; now: () => Date; publicUrl: string }) {
    this.#mail = options.mail;
    this.#now = options.now;
    this.#publicUrl = options.publicUrl;
  }

  /** A new single-use link of one purpose (older ones retired) and the e-mail that carries it. */
  async sendLink(
    trx: Kysely<Database>,
    user: UserRow,
    purpose: UserTokenPurpose,
    email: string,
    kind: MailKind,
  ): Promise<void> {
    const token = generateLinkToken(randomBytes);
    const now = this.#now();
    await retireTokens(trx, user.id, purpose, now.toISOString());
    await insertToken(trx, {
      token_hash: secretHash(token),
      user_id: user.id,
      purpose,
      email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
    });
    const lifetime = TOKEN_LIFETIME_MS[purpose];
    await this.#mail.enqueue(trx, {
      kind,
      to: email,
      locale: user.locale,
      firstName: user.first_name,
      link: this.#linkFor(purpose, token, user.locale),
      values: { hours: Math.round(lifetime / HOUR), minutes: Math.round(lifetime / MINUTE) },
    });
  }

  /**
   * An e-mail to a user in their language: to their address unless `to` names another, with a
   * link to a `page` of the app and the `values` its text needs.
   */
  async notify(
    trx: Kysely<Database>,
    user: UserRow,
    kind: MailKind,
    options: { to?: string; page?: string; values?: Record<string, string | number> },
  ): Promise<void> {
    await this.#mail.enqueue(trx, {
      kind,
      to: options.to ?? user.email,
      locale: user.locale,
      firstName: user.first_name,
      ...(options.page === undefined ? {} : { link: `${this.#publicUrl}${options.page}` }),
      ...(options.values === undefined ? {} : { values: options.values }),
    });
  }

  /** Sends what was queued once the transaction committed. */
  kick(): void {
    this.#mail.kick();
  }

  #linkFor(purpose: UserTokenPurpose, token: string, locale: string): string {
    switch (purpose) {
      case 'confirm_email':
      case 'change_email':
        return `${this.#publicUrl}/confirm-email/${token}`;
      case 'recover':
        return `${this.#publicUrl}/reset/${token}`;
      case 'login':
        return `${this.#publicUrl}/${locale}/users/${token}/login`;
    }
  }
}
