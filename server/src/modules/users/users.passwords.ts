import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id with the OWASP parameters (DESIGN §3, reference A28): 19 MiB, 2 passes, 1 lane. */
const OPTIONS = {
  // Algorithm.Argon2id (a const enum, which this build cannot read at run time).
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The PHC prefix of a hash made with today's parameters. */
const CURRENT_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether the password matches the stored PHC string; a malformed hash never matches. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with other parameters and should be replaced at sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password, for an address that has no account: the answer
 * takes as long as for a real account, so timing does not tell which addresses exist (ASVS 6.3.8).
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}
