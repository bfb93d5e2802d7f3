import { z } from 'zod';
import { LINK_TOKEN_LENGTH } from '@uniquair/domain/config/limits';
import { TitleId } from '@uniquair/domain/config/reference-ids';
import { isPersonName } from '@uniquair/domain/forms/person-name';

/**
 * Accounts and sessions (SPEC §1, §3 "Current user", §7 "Users"). Field rules carry no English
 * messages of their own, so the web app can word every field error in the visitor's language;
 * the server's error bodies use zod's default texts.
 */

/** Passwords: at least 8 characters (ASVS 6.2.1), at most 128 (bounds the hashing work). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest first or last name. */
export const NAME_MAX_LENGTH = 100;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** The avatar upload limit (2 MB) and the image types taken, by content. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Titles a user may choose for themself: Mr. and Mrs. (Infant and Child are passenger titles). */
export const USER_TITLE_IDS = [TitleId.mr, TitleId.mrs] as const;

/**
 * Why a refinement failed (`params.reason` of a custom issue): the web app words it from its
 * catalogue, the API too (`server/src/lib/validation-messages.ts`).
 */
export const PASSWORDS_DIFFER = 'passwordsDiffer';
export const PERSON_NAME_INVALID = 'personName';

/**
 * A person's name (account, booker, passenger): trimmed, 1 to `max` characters, letters of any
 * script with marks, spaces, apostrophes, hyphens and dots (`isPersonName`); markup, braces,
 * digits and control characters are refused.
 */
export function personNameSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((name) => name === '' || isPersonName(name), {
      params: { reason: PERSON_NAME_INVALID },
    })
    .meta({ description: 'Letters of any script, spaces, apostrophes, hyphens and dots.' });
}

/** An e-mail address, trimmed and compared in lower case. */
export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email())
  .transform((email) => email.toLowerCase())
  .meta({
    description: 'E-mail address; compared case-insensitively.',
    example: 'ana@example.com',
  });

/** A new password: kept exactly as typed (no trimming, no case folding, ASVS 6.2.8). */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .meta({ description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` });

/** A password being checked (sign-in, re-authentication): anything up to the maximum length. */
export const CurrentPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const NameSchema = personNameSchema(NAME_MAX_LENGTH);

/** A new password typed twice (`first`, `second`), without the equality check. */
export const NewPasswordFieldsSchema = z.object({ first: PasswordSchema, second: z.string() });

/** A new password typed twice; `second` must equal `first`. */
export const NewPasswordSchema = NewPasswordFieldsSchema.refine(
  (value) => value.first === value.second,
  { path: ['second'], params: { reason: PASSWORDS_DIFFER } },
).meta({ id: 'NewPassword', description: 'The new password, twice.' });

export const UserTitleIdSchema = z
  .union([z.literal(TitleId.mr), z.literal(TitleId.mrs)])
  .meta({ description: 'Title: 1 Mr., 2 Mrs.' });

/** The roles an operator can grant an account (docs/support.md "The desk"). */
export const USER_ROLES = ['support_agent'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The signed-in user as the app sees it (SPEC §3 "Current user"): names, e-mail, avatar, the
 * notification preference and the title.
 */
export const CurrentUserSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    avatar: z
      .string()
      .nullable()
      .meta({ description: 'Avatar image URL on this origin, or null.' }),
    notifications: z.boolean().meta({ description: 'Whether the user wants notifications.' }),
    titleId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Title id (1 Mr., 2 Mrs.), or null.' }),
    emailConfirmed: z.boolean().meta({ description: 'Whether the address has been confirmed.' }),
    pendingEmail: z
      .string()
      .nullable()
      .meta({ description: 'A new address waiting for its confirmation link to be opened.' }),
    locale: z
      .string()
      .meta({ description: 'Language of the e-mails and, once signed in, the app.' }),
    roles: z.array(z.enum(USER_ROLES)).meta({
      description:
        'Roles granted by an operator (`npm run users:role`): `support_agent` opens the support desk.',
    }),
  })
  .meta({ id: 'CurrentUser' });

/**
 * Every users answer: who the visitor is now. `isLogged` false comes with `user: null`.
 */
export const CurrentUserResponseSchema = z
  .object({
    success: z.literal(true),
    isLogged: z.boolean(),
    user: CurrentUserSchema.nullable(),
  })
  .meta({ id: 'CurrentUserResponse', description: 'Who the visitor is: signed in or anonymous.' });

/** `POST /api/users/register`. Unknown fields are dropped. */
export const RegisterRequestSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
  })
  .meta({ id: 'RegisterRequest' });

/** `POST /api/users/sign-in`. */
export const SignInRequestSchema = z
  .object({ email: EmailSchema, password: CurrentPasswordSchema })
  .meta({ id: 'SignInRequest' });

/** `POST /api/users/recover` and `POST /api/users/login-link`: an address to send a link to. */
export const EmailRequestSchema = z.object({ email: EmailSchema }).meta({ id: 'EmailRequest' });

/** `POST /api/users/password/{token}/reset`. */
export const ResetPasswordRequestSchema = z
  .object({ newPassword: NewPasswordSchema })
  .meta({ id: 'ResetPasswordRequest' });

/** `POST /api/users/update-profile`: only these fields are written (never the e-mail). */
export const UpdateProfileRequestSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    titleId: UserTitleIdSchema.nullable(),
    notifications: z.boolean(),
  })
  .meta({ id: 'UpdateProfileRequest' });

/** `POST /api/users/update-email`: the new address and the current password. */
export const UpdateEmailRequestSchema = z
  .object({ email: EmailSchema, password: CurrentPasswordSchema })
  .meta({ id: 'UpdateEmailRequest' });

/** `POST /api/users/update-password`. */
export const UpdatePasswordRequestSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
    endOtherSessions: z
      .boolean()
      .default(true)
      .meta({ description: 'Sign out every other device (default true).' }),
  })
  .meta({ id: 'UpdatePasswordRequest' });

/** A link token of an e-mail (40 hexadecimal characters). */
export const LinkTokenParamsSchema = z.object({
  token: z
    .string()
    .regex(new RegExp(`^[0-9a-fA-F]{${LINK_TOKEN_LENGTH}}$`))
    .transform((token) => token.toLowerCase())
    .meta({ description: `The ${LINK_TOKEN_LENGTH}-character token of the e-mailed link.` }),
});

/**
 * The answer to requests whose outcome is told by e-mail (recover, sign-in link): the same
 * whether or not the address has an account.
 */
export const SentResponseSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: 'SentResponse', description: 'Accepted; the rest happens by e-mail.' });

/** `GET /api/users/avatars/{file}`: the avatar file names the server makes. */
export const AvatarParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{32}\.webp$/)
    .meta({ description: 'Avatar file name, as in the user’s `avatar` URL.' }),
});

export type CurrentUser = z.infer<typeof CurrentUserSchema>;
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
export type SignInRequest = z.input<typeof SignInRequestSchema>;
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
export type UpdateEmailRequest = z.input<typeof UpdateEmailRequestSchema>;
export type UpdatePasswordRequest = z.input<typeof UpdatePasswordRequestSchema>;
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;
