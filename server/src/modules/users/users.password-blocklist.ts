import { ServiceError } from '../../lib/service-error.ts';

/**
 * How many of the most common passwords are refused (NIST SP 800-63B §5.1.1.2, reference notes:
 * at least the 3,000 most common). The list is zxcvbn's ranked common-password dictionary
 * (`@zxcvbn-ts/language-common`), checked offline.
 */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/** The shortest e-mail local part a password may not contain (shorter ones are not telling). */
const LOCAL_PART_MIN_LENGTH = 4;

export const PASSWORD_TOO_COMMON =
  'This password is too common; choose one that is harder to guess';
export const PASSWORD_CONTAINS_EMAIL = 'The password must not contain your e-mail address';

let common: Promise<ReadonlySet<string>> | undefined;

/** The blocklist, in lower case; loaded on first use, once per process. */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .slice(0, COMMON_PASSWORDS_REFUSED)
          .map((password) => password.toLowerCase()),
      ),
  );
  return common;
}

/**
 * Refuses a new password that is among the most common ones (compared case-insensitively) or
 * equals or contains the local part of the account's e-mail address: 400 PASSWORD_TOO_COMMON or
 * PASSWORD_CONTAINS_EMAIL naming `field`.
 */
export async function assertPasswordAllowed(
  password: string,
  email: string,
  field: string,
): Promise<void> {
  const folded = password.toLowerCase();
  const localPart = email.slice(0, Math.max(0, email.lastIndexOf('@'))).toLowerCase();
  if (localPart.length >= LOCAL_PART_MIN_LENGTH && folded.includes(localPart)) {
    throw new ServiceError('PASSWORD_CONTAINS_EMAIL', PASSWORD_CONTAINS_EMAIL, {
      [field]: [PASSWORD_CONTAINS_EMAIL],
    });
  }
  if ((await commonPasswords()).has(folded)) {
    throw new ServiceError('PASSWORD_TOO_COMMON', PASSWORD_TOO_COMMON, {
      [field]: [PASSWORD_TOO_COMMON],
    });
  }
}
