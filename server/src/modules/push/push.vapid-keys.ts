import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/database.ts';

/** The VAPID key pair (RFC 8292), base64url: a P-256 public key (65 bytes), private (32 bytes). */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Where the key pair came from: the environment, the database, or generated just now. */
export type VapidKeySource = 'configured' | 'stored' | 'generated';

const KEY_ROW = 1;

/**
 * The key pair Web Push is signed with (DESIGN §10: `VAPID_*` generated and stored on first start
 * when absent). Configured keys win; otherwise the pair in `push_vapid_keys` is used, and on the
 * very first start one is generated and stored. Several processes starting at once race on the
 * insert; every one of them then reads the single stored row, so all sign with the same pair.
 */
export async function resolveVapidKeys(
  db: Kysely<Database>,
  configured: VapidKeys | null,
  now: Date = new Date(),
): Promise<{ keys: VapidKeys; source: VapidKeySource }> {
  if (configured) return { keys: configured, source: 'configured' };
  const stored = await readStoredKeys(db);
  if (stored) return { keys: stored, source: 'stored' };
  const generated = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_vapid_keys')
    .values({
      id: KEY_ROW,
      public_key: generated.publicKey,
      private_key: generated.privateKey,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const kept = await readStoredKeys(db);
  if (!kept) throw new Error('The VAPID keys could not be stored');
  return {
    keys: kept,
    source: kept.publicKey === generated.publicKey ? 'generated' : 'stored',
  };
}

async function readStoredKeys(db: Kysely<Database>): Promise<VapidKeys | null> {
  const row = await db
    .selectFrom('push_vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', KEY_ROW)
    .executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}
