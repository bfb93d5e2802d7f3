import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation, type SandboxGatewayRepository } from './sandbox-gateway.repository.ts';
import {
  fingerprintOf,
  GatewayError,
  IDEMPOTENCY_KEY,
  type StoredAnswer,
} from './sandbox-gateway.requests.ts';

/**
 * Runs an idempotent operation: the first request with `key` in `scope` runs `work` and its
 * answer is stored in the same transaction; a retry with the same body gets the stored bytes;
 * a different body is refused (422). Requests that fail validation store nothing.
 */
export async function runIdempotent(
  repository: SandboxGatewayRepository,
  now: () => Date,
  request: { scope: string; key: string | undefined; rawBody: string },
  work: (trx: Transaction<Database>) => Promise<string>,
): Promise<StoredAnswer> {
  const { scope, key, rawBody } = request;
  if (key === undefined || key === '') {
    throw new GatewayError(
      400,
      'idempotency_error',
      'idempotency_key_missing',
      'This request needs an Idempotency-Key header',
    );
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new GatewayError(
      400,
      'idempotency_error',
      'idempotency_key_invalid',
      'The Idempotency-Key must be 1 to 255 printable ASCII characters',
    );
  }
  const fingerprint = fingerprintOf(rawBody);
  const stored = async (): Promise<StoredAnswer | null> => {
    const row = await repository.idempotencyRow(scope, key);
    if (row === undefined) return null;
    if (row.fingerprint !== fingerprint) {
      throw new GatewayError(
        422,
        'idempotency_error',
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body',
      );
    }
    return { status: row.response_status, body: row.response_body, replayed: true };
  };

  const earlier = await stored();
  if (earlier !== null) return earlier;
  try {
    return await repository.transaction(async (trx) => {
      const body = await work(trx);
      await repository.insertIdempotencyRow(
        {
          scope,
          key,
          fingerprint,
          response_status: 200,
          response_body: body,
          created_at: now().toISOString(),
        },
        trx,
      );
      return { status: 200, body, replayed: false };
    });
  } catch (error) {
    // A concurrent request with the same key won: answer what it stored.
    if (isUniqueViolation(error)) {
      const winner = await stored();
      if (winner !== null) return winner;
      throw new GatewayError(
        409,
        'idempotency_error',
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly',
      );
    }
    throw error;
  }
}
