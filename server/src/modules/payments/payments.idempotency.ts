import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';

/**
 * Idempotency keys (reference C1, C2, §5): the first request with a key in a scope claims it by
 * inserting its row (`INSERT … ON CONFLICT DO NOTHING`); what it answers is stored and replayed,
 * byte for byte, to every later request with the same key and the same body. A different body is
 * refused (422), a request arriving while the first still runs is told so (409), and a request
 * whose runner stopped mid-way (its process is gone, or its lease ran out) takes the key over and
 * resumes.
 */

/** How long an answered key is kept for replay; after that the key may be used afresh. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 3_600_000;

/** How long a claimed key is held by the request working on it. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of a request body. */
export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type IdempotencyClaim =
  /** This request runs; finish with `completeIdempotencyKey` or `releaseIdempotencyKey`. */
  | { kind: 'claimed'; id: number; lease: string; resumed: boolean }
  /** Answered before: send this again. */
  | { kind: 'replay'; status: number; body: string }
  /** The key was used with another body. */
  | { kind: 'mismatch' }
  /** The first request with this key is still running. */
  | { kind: 'in_progress' };

/** The server process a request runs in, and how to tell whether another one stopped. */
export interface LeaseOwner {
  /** This process (`server_instances.id`). */
  readonly id: string;
  isGone(id: string): Promise<boolean>;
}

/**
 * Claims a key for this request. A key held by a request whose process is known gone (a crash,
 * a kill) is taken over at once, its lease notwithstanding; a key whose lease ran out likewise.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  request: { scope: string; key: string; fingerprint: string; now: Date; owner: LeaseOwner },
): Promise<IdempotencyClaim> {
  const now = request.now.toISOString();
  const lease = new Date(request.now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        scope: request.scope,
        key: request.key,
        fingerprint: request.fingerprint,
        status: 'processing',
        created_at: now,
        locked_until: lease,
        owner_instance: request.owner.id,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted !== undefined) {
      return { kind: 'claimed', id: Number(inserted.id), lease, resumed: false };
    }
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .executeTakeFirst();
    // Released between our insert and this read: try to claim it again.
    if (row === undefined) continue;
    if (row.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
    if (row.status === 'done' && row.response_status !== null && row.response_body !== null) {
      return { kind: 'replay', status: row.response_status, body: row.response_body };
    }
    if (
      row.locked_until !== null &&
      row.locked_until > now &&
      (row.owner_instance === null || !(await request.owner.isGone(row.owner_instance)))
    ) {
      return { kind: 'in_progress' };
    }
    // The request that held it stopped: take it over, one taker only.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ locked_until: lease, owner_instance: request.owner.id })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .where('locked_until', row.locked_until === null ? 'is' : '=', row.locked_until)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      return { kind: 'claimed', id: Number(row.id), lease, resumed: true };
    }
    return { kind: 'in_progress' };
  }
  return { kind: 'in_progress' };
}

/**
 * Claims a key for an API request: answers the claim, or the stored answer to send again. A key
 * used with another body (422 IDEMPOTENCY_KEY_REUSED) or still being processed (409
 * IDEMPOTENCY_KEY_IN_USE) throws its ServiceError.
 */
export async function claimIdempotencyKeyForRequest(
  db: Kysely<Database>,
  request: Parameters<typeof claimIdempotencyKey>[1],
): Promise<Extract<IdempotencyClaim, { kind: 'claimed' | 'replay' }>> {
  const claim = await claimIdempotencyKey(db, request);
  if (claim.kind === 'mismatch') {
    throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'Idempotency key reused', {
      _: ['This Idempotency-Key was used with another request body'],
    });
  }
  if (claim.kind === 'in_progress') {
    throw new ServiceError('IDEMPOTENCY_KEY_IN_USE', 'Idempotency key in use', {
      _: ['A request with this Idempotency-Key is still being processed'],
    });
  }
  return claim;
}

/** Stores the answer of a claimed key for replay. */
export async function completeIdempotencyKey(
  db: Kysely<Database>,
  claim: { id: number; lease: string },
  response: { status: number; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: 'done',
      response_status: response.status,
      response_body: response.body,
      locked_until: null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'processing')
    .where('locked_until', '=', claim.lease)
    .execute();
}

/**
 * Gives a claimed key up without an answer (the outcome is not final: the provider could not be
 * reached, or the request was refused before anything happened), so that a retry runs again.
 */
export async function releaseIdempotencyKey(
  db: Kysely<Database>,
  claim: { id: number; lease: string },
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('id', '=', claim.id)
    .where('status', '=', 'processing')
    .where('locked_until', '=', claim.lease)
    .execute();
}

/** Forgets answered keys created before `before` (the retention policy). Answers how many. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('status', '=', 'done')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Runs `work` once per `Idempotency-Key` of an API request: the first request runs it and its
 * success is stored (200 and the JSON answer); the same key and body get that answer again byte
 * for byte. A failure stores nothing (the key is given up, so a retry runs again) and is thrown.
 */
export async function answerOncePerKey(
  db: Kysely<Database>,
  request: Parameters<typeof claimIdempotencyKey>[1],
  work: () => Promise<unknown>,
): Promise<{ status: number; body: string }> {
  const claim = await claimIdempotencyKeyForRequest(db, request);
  if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
  try {
    const answer = { status: 200, body: JSON.stringify(await work()) };
    await completeIdempotencyKey(db, claim, answer);
    return answer;
  } catch (error) {
    await releaseIdempotencyKey(db, claim);
    throw error;
  }
}
