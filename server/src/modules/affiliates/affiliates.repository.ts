import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface AffiliateRow {
  id: number;
  code: string;
  name: string;
  logo_url: string;
  logo_square_url: string;
  site_url: string;
}

/** Every active affiliate partner. */
export async function readActiveAffiliates(db: Kysely<Database>): Promise<AffiliateRow[]> {
  return db
    .selectFrom('affiliates')
    .select(['id', 'code', 'name', 'logo_url', 'logo_square_url', 'site_url'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}
