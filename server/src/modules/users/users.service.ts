import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CurrentUser, UserRole } from '@uniquair/contract/users';
import { fromFlag, toFlag } from '../../db/columns.ts';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import type { MailService } from '../mail/mail.service.ts';
import { processAvatar } from './users.avatar-image.ts';
import { UserMailer } from './users.mailer.ts';
import { assertPasswordAllowed } from './users.password-blocklist.ts';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from './users.passwords.ts';
import {
  changeUserEmail,
  consumeToken,
  deleteOtherAvatars,
  findAvatar,
  findUserByEmail,
  findUserById,
  insertAvatar,
  insertUser,
  retireTokens,
  updateUser,
  type UserRow,
} from './users.repository.ts';

export const INCORRECT_CREDENTIALS = 'Incorrect email or password';
export const RECOVERY_LINK_EXPIRED = 'Your recovery link has expired';
const LINK_EXPIRED = 'This link has expired or has already been used';

/** Where the avatar with this id is served. */
export function avatarUrl(avatarId: string): string {
  return `/api/users/avatars/${avatarId}.webp`;
}

/** The user as the app sees it (SPEC §3 "Current user"); never the hash or internal ids. */
export function toCurrentUser(row: UserRow, roles: readonly UserRole[]): CurrentUser {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    avatar: row.avatar_id === null ? null : avatarUrl(row.avatar_id),
    notifications: fromFlag(row.notifications),
    titleId: row.title_id,
    emailConfirmed: row.email_confirmed_at !== null,
    pendingEmail: row.pending_email,
    locale: row.locale,
    roles: [...roles],
  };
}

export interface UsersServiceOptions {
  db: Kysely<Database>;
  mail: MailService;
  now: () => Date;
  /** The origin e-mailed links point to (never the request's Host header). */
  publicUrl: string;
}

/**
 * Accounts (SPEC §7 "Users", DESIGN §7): registration confirmed by e-mail, sign-in with Argon2id
 * passwords, recovery and sign-in links, profile, address and password changes, avatars. Answers
 * that could tell whether an address has an account are the same either way, and take the same
 * work (ASVS 6.3.8): an unknown address is checked against a dummy hash.
 */
export class UsersService {
  readonly #db: Kysely<Database>;
  readonly #mail: UserMailer;
  readonly #now: () => Date;

  constructor(options: UsersServiceOptions) {
    this.#db = options.db;
    this.#mail = new UserMailer(options);
    this.#now = options.now;
  }

  /**
   * Registers an address. A new one gets an account (not yet confirmed) and a confirmation link;
   * an address whose account was never confirmed takes the new names and password and gets a new
   * link (older links stop working); one with a confirmed account gets a note that it already
   * has one, and nothing changes. The caller answers the same in every case.
   */
  async register(
    input: { firstName: string; lastName: string; email: string; password: string },
    locale: string,
  ): Promise<void> {
    await assertPasswordAllowed(input.password, input.email, 'body.password');
    const passwordHash = await hashPassword(input.password);
    const now = this.#now().toISOString();
    await this.#db.transaction().execute(async (trx) => {
      const id = await insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        title_id: null,
        notifications: 1,
        avatar_id: null,
        email_confirmed_at: null,
        pending_email: null,
        locale,
        currency: null,
        passengers_updated_at: now,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      });
      const user = await findUserByEmail(trx, input.email);
      if (user === undefined) throw new Error('registered user not found');
      if (id === undefined && user.email_confirmed_at !== null) {
        await this.#mail.notify(trx, user, 'accountExists', { page: '/signin' });
        return;
      }
      // Never confirmed: the latest registration's names and password count.
      const account =
        id === undefined
          ? ((await updateUser(trx, user.id, {
              password_hash: passwordHash,
              first_name: input.firstName,
              last_name: input.lastName,
              password_changed_at: now,
              updated_at: now,
            })) ?? user)
          : user;
      await this.#mail.sendLink(trx, account, 'confirm_email', account.email, 'confirmEmail');
    });
    this.#mail.kick();
  }

  /**
   * Checks an address and password. Wrong or unknown: INVALID_CREDENTIALS 'Incorrect email or
   * password' either way. Right but unconfirmed: EMAIL_NOT_CONFIRMED, with a new confirmation link.
   */
  async authenticate(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(this.#db, email);
    const matches =
      user === undefined
        ? await verifyDummy(password)
        : await verifyPassword(user.password_hash, password);
    if (user === undefined || !matches) {
      throw new ServiceError('INVALID_CREDENTIALS', INCORRECT_CREDENTIALS, {
        _: [INCORRECT_CREDENTIALS],
      });
    }
    if (user.email_confirmed_at === null) {
      await this.#db
        .transaction()
        .execute((trx) =>
          this.#mail.sendLink(trx, user, 'confirm_email', user.email, 'confirmEmail'),
        );
      this.#mail.kick();
      throw new ServiceError('EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address first', {
        _: ['Confirm your e-mail address first: a new link has been sent'],
      });
    }
    if (needsRehash(user.password_hash)) {
      await updateUser(this.#db, user.id, { password_hash: await hashPassword(password) });
    }
    return user;
  }

  /** Sends a recovery link to an address with an account; nothing otherwise. */
  async recover(email: string): Promise<void> {
    const user = await findUserByEmail(this.#db, email);
    if (user === undefined) return;
    await this.#db
      .transaction()
      .execute((trx) => this.#mail.sendLink(trx, user, 'recover', user.email, 'recover'));
    this.#mail.kick();
  }

  /** Sends a sign-in link to an address with an account; nothing otherwise. */
  async requestLoginLink(email: string): Promise<void> {
    const user = await findUserByEmail(this.#db, email);
    if (user === undefined) return;
    await this.#db
      .transaction()
      .execute((trx) => this.#mail.sendLink(trx, user, 'login', user.email, 'loginLink'));
    this.#mail.kick();
  }

  /**
   * Sets a new password through a recovery link (single use). The address is confirmed by it;
   * the caller ends every session of the user. Not signed in afterwards (OWASP forgot password).
   */
  async resetPassword(token: string, newPassword: string): Promise<UserRow> {
    const passwordHash = await hashPassword(newPassword);
    const now = this.#now().toISOString();
    const user = await this.#db.transaction().execute(async (trx) => {
      const used = await consumeToken(trx, secretHash(token), ['recover'], now);
      if (used === undefined) {
        throw new ServiceError('LINK_EXPIRED', RECOVERY_LINK_EXPIRED, {
          _: [RECOVERY_LINK_EXPIRED],
        });
      }
      const current = await findUserById(trx, used.user_id);
      if (current === undefined || current.email !== used.email) {
        throw new ServiceError('LINK_EXPIRED', RECOVERY_LINK_EXPIRED, {
          _: [RECOVERY_LINK_EXPIRED],
        });
      }
      // Refused before anything is written: the link stays usable for a better password.
      await assertPasswordAllowed(newPassword, current.email, 'body.newPassword.first');
      const updated = await updateUser(trx, used.user_id, {
        password_hash: passwordHash,
        password_changed_at: now,
        email_confirmed_at: current.email_confirmed_at ?? now,
        updated_at: now,
      });
      if (updated === undefined) throw new Error('user vanished');
      await retireTokens(trx, updated.id, 'login', now);
      await this.#mail.notify(trx, updated, 'passwordChanged', { page: '/recover' });
      return updated;
    });
    this.#mail.kick();
    return user;
  }

  /**
   * Opens an address-confirmation link: a new account's address, or a changed address (which
   * then replaces the old one, and the old one is told). The caller signs the user in.
   */
  async confirmEmail(token: string): Promise<UserRow> {
    const now = this.#now().toISOString();
    const user = await this.#db.transaction().execute(async (trx) => {
      const used = await consumeToken(
        trx,
        secretHash(token),
        ['confirm_email', 'change_email'],
        now,
      );
      const current = used === undefined ? undefined : await findUserById(trx, used.user_id);
      if (used === undefined || current === undefined) {
        throw new ServiceError('LINK_EXPIRED', LINK_EXPIRED, { _: [LINK_EXPIRED] });
      }
      if (used.purpose === 'confirm_email') {
        if (current.email !== used.email) {
          throw new ServiceError('LINK_EXPIRED', LINK_EXPIRED, { _: [LINK_EXPIRED] });
        }
        return current.email_confirmed_at === null
          ? ((await updateUser(trx, current.id, { email_confirmed_at: now, updated_at: now })) ??
              current)
          : current;
      }
      const changed = await changeUserEmail(trx, current.id, used.email, now);
      if (changed === undefined) {
        throw new ServiceError('CONFLICT', 'Another account uses this address now', {
          _: ['Another account uses this address now'],
        });
      }
      await retireTokens(trx, current.id, 'recover', now);
      await retireTokens(trx, current.id, 'login', now);
      await this.#mail.notify(trx, current, 'emailChanged', { values: { email: changed.email } });
      return changed;
    });
    this.#mail.kick();
    return user;
  }

  /** Opens a sign-in link (single use); its address counts as confirmed. */
  async signInWithLink(token: string): Promise<UserRow> {
    const now = this.#now().toISOString();
    return this.#db.transaction().execute(async (trx) => {
      const used = await consumeToken(trx, secretHash(token), ['login'], now);
      const current = used === undefined ? undefined : await findUserById(trx, used.user_id);
      if (used === undefined || current === undefined || current.email !== used.email) {
        throw new ServiceError('LINK_EXPIRED', LINK_EXPIRED, { _: [LINK_EXPIRED] });
      }
      if (current.email_confirmed_at !== null) return current;
      return (
        (await updateUser(trx, current.id, { email_confirmed_at: now, updated_at: now })) ?? current
      );
    });
  }

  /** Names, title and notification preference; nothing else is written (no mass assignment). */
  async updateProfile(
    user: UserRow,
    input: { firstName: string; lastName: string; titleId: number | null; notifications: boolean },
  ): Promise<UserRow> {
    const updated = await updateUser(this.#db, user.id, {
      first_name: input.firstName,
      last_name: input.lastName,
      title_id: input.titleId,
      notifications: toFlag(input.notifications),
      updated_at: this.#now().toISOString(),
    });
    if (updated === undefined) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
    return updated;
  }

  /**
   * Asks to change the address (re-authenticated with the password, ASVS 7.5.1): the new address
   * gets a confirmation link and stays pending until it is opened. A new address that already
   * has an account is told so instead, and the answer is the same.
   */
  async updateEmail(user: UserRow, input: { email: string; password: string }): Promise<UserRow> {
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw new ServiceError('VALIDATION_ERROR', 'Incorrect password', {
        'body.password': ['Incorrect password'],
      });
    }
    if (input.email === user.email) {
      throw new ServiceError('VALIDATION_ERROR', 'This is already your address', {
        'body.email': ['This is already your address'],
      });
    }
    const now = this.#now().toISOString();
    const updated = await this.#db.transaction().execute(async (trx) => {
      const owner = await findUserByEmail(trx, input.email);
      const pending = await updateUser(trx, user.id, {
        pending_email: input.email,
        updated_at: now,
      });
      if (pending === undefined) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
      if (owner === undefined) {
        await this.#mail.sendLink(trx, pending, 'change_email', input.email, 'changeEmail');
      } else {
        await retireTokens(trx, user.id, 'change_email', now);
        await this.#mail.notify(trx, owner, 'accountExists', { to: input.email, page: '/signin' });
      }
      return pending;
    });
    this.#mail.kick();
    return updated;
  }

  /** A new password, given the current one (ASVS 6.2.3); the owner is told by e-mail. */
  async updatePassword(
    user: UserRow,
    input: { currentPassword: string; newPassword: string },
  ): Promise<UserRow> {
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      throw new ServiceError('VALIDATION_ERROR', 'Incorrect password', {
        'body.currentPassword': ['Incorrect password'],
      });
    }
    await assertPasswordAllowed(input.newPassword, user.email, 'body.newPassword.first');
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.#now().toISOString();
    const updated = await this.#db.transaction().execute(async (trx) => {
      const changed = await updateUser(trx, user.id, {
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      });
      if (changed === undefined) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
      await retireTokens(trx, user.id, 'recover', now);
      await this.#mail.notify(trx, changed, 'passwordChanged', { page: '/recover' });
      return changed;
    });
    this.#mail.kick();
    return updated;
  }

  /** Stores a new avatar (re-encoded; see `processAvatar`) in place of the old one. */
  async setAvatar(user: UserRow, upload: Buffer): Promise<UserRow> {
    const avatar = await processAvatar(upload);
    const id = randomBytes(16).toString('hex');
    const now = this.#now().toISOString();
    return this.#db.transaction().execute(async (trx) => {
      await insertAvatar(trx, {
        id,
        user_id: user.id,
        content_type: 'image/webp',
        data: avatar.data,
        width: avatar.width,
        height: avatar.height,
        created_at: now,
      });
      const updated = await updateUser(trx, user.id, { avatar_id: id, updated_at: now });
      if (updated === undefined) throw new ServiceError('ERROR_UNAUTHORIZED', 'Sign in first');
      await deleteOtherAvatars(trx, user.id, id);
      return updated;
    });
  }

  /** An avatar's bytes by id, or NOT_FOUND. */
  async avatar(id: string): Promise<{ data: Buffer; contentType: string }> {
    const found = await findAvatar(this.#db, id);
    if (found === undefined)
      throw new ServiceError('NOT_FOUND', 'No such avatar', { _: ['No such avatar'] });
    return { data: Buffer.from(found.data), contentType: found.content_type };
  }

  /** Remembers the locale or currency a signed-in user chose (their profile preferences). */
  async setPreferences(
    userId: number,
    preferences: { locale?: string; currency?: string },
  ): Promise<void> {
    await updateUser(this.#db, userId, { ...preferences, updated_at: this.#now().toISOString() });
  }
}
