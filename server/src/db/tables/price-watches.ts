import type { Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';
import type { Ymd } from '@uniquair/domain/dates/ymd';

/**
 * A price watch (docs/price-watch.md): a route and a day or month, who travels, and the push
 * subscription to tell. Prices are totals for all passengers in USD minor units (the summary's
 * currency), except `target_price_minor`, in the watch's `currency` as the traveller typed it.
 */
export interface PriceWatchesTable {
  id: Generated<number>;
  /** SHA-256 of the public id (`pw_…`), the bearer secret that ends the watch. */
  id_hash: string;
  route_id: number;
  date: Ymd | null;
  /** `YYYY-MM` of a month watch. */
  month: string | null;
  adults: number;
  children: number;
  infants: number;
  bags: number;
  endpoint: string;
  public_key: string;
  auth_token: string;
  content_encoding: 'aes128gcm' | 'aesgcm';
  user_id: number | null;
  locale: string;
  currency: string;
  subscribed_price_minor: number | null;
  target_price_minor: number | null;
  threshold_minor: number;
  last_notified_at: IsoInstant | null;
  last_notified_price_minor: number | null;
  created_at: IsoInstant;
  /** The last day watched: the date, or the month's last day. */
  ends_on: Ymd;
}
