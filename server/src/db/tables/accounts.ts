import type { Generated } from 'kysely';
import type { Flag, IsoInstant } from '../columns.ts';
import type { PassengerColumns } from './bookings.ts';

/** Row types of the accounts: users, their sessions, link tokens, avatars, saved passengers, mail. */

/** An account (SPEC §1 "signed-in user"); the e-mail is stored in lower case. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** Argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** 1 Mr., 2 Mrs., or null. */
  title_id: number | null;
  notifications: Flag;
  /** The current avatar (`user_avatars.id`), or null. */
  avatar_id: string | null;
  /** When the address was confirmed through its e-mailed link; null until then. */
  email_confirmed_at: IsoInstant | null;
  /** A new address waiting for its confirmation link (`update-email`). */
  pending_email: string | null;
  /** The UI locale of the e-mails; the visitor's locale at sign-up, then their choice. */
  locale: string;
  /** The currency chosen while signed in, or null to follow the locale. */
  currency: string | null;
  /** When the saved passengers last changed (`Last-Modified` of `/api/booking/passengers`). */
  passengers_updated_at: IsoInstant;
  password_changed_at: IsoInstant;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** A signed-in browser. Only the SHA-256 of the cookie's random id is stored. */
export interface SessionsTable {
  /** SHA-256 (hex) of the session id in the cookie. */
  id_hash: string;
  user_id: number;
  created_at: IsoInstant;
  /** Last request seen (written at most once a minute); idle sessions end. */
  last_seen_at: IsoInstant;
  /** Absolute end of the session. */
  expires_at: IsoInstant;
  user_agent: string;
}

export type UserTokenPurpose = 'confirm_email' | 'change_email' | 'recover' | 'login';

/** An e-mailed link token (DESIGN §7): only its SHA-256 is stored; single use, with an expiry. */
export interface UserTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: UserTokenPurpose;
  /** The address the link was sent to (for `change_email`, the new address). */
  email: string;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  /** When the token was used (or replaced by a newer one); null while it is usable. */
  used_at: IsoInstant | null;
}

/** An avatar as re-encoded by the server (WebP, at most 512 × 512, no metadata). */
export interface UserAvatarsTable {
  /** 32 random hex digits; the file name in the avatar URL. */
  id: string;
  user_id: number;
  content_type: string;
  data: Buffer;
  width: number;
  height: number;
  created_at: IsoInstant;
}

/** A passenger of a signed-in user's earlier booking, offered again by the booking flow. */
export interface SavedPassengersTable extends PassengerColumns {
  id: Generated<number>;
  user_id: number;
  /** Lower-case first name, last name and birth date: the same person is saved once. */
  match_key: string;
  created_at: IsoInstant;
  last_used_at: IsoInstant;
}

export type MailStatus = 'held' | 'pending' | 'sending' | 'sent' | 'failed';

/**
 * E-mails, written in the same transaction as what they announce and sent after commit. `held`:
 * no SMTP server is configured (read at /dev/mailbox in development); `pending` → `sending` →
 * `sent` (bodies then emptied), or back to `pending` with a later `next_attempt_at`, or `failed`.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  created_at: IsoInstant;
  /** The template, e.g. `confirmEmail`. */
  kind: string;
  to_address: string;
  locale: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: IsoInstant;
  claimed_at: IsoInstant | null;
  sent_at: IsoInstant | null;
  last_error: string | null;
}

/** A file an e-mail of the outbox carries, in the order of `position`. */
export interface MailAttachmentsTable {
  id: Generated<number>;
  mail_id: number;
  position: number;
  filename: string;
  content_type: string;
  content: Buffer;
}

/** A role granted to an account (`support_agent`: the support desk), by `npm run users:role`. */
export interface UserRolesTable {
  user_id: number;
  role: string;
  granted_at: IsoInstant;
}
