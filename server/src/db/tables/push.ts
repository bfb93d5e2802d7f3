import type { Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';

/** Row types of Web Push: subscriptions, the bookings they follow, app releases, VAPID keys. */

/** A browser's Web Push subscription (SPEC §3), owned by a user or by the bookings it names. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  public_key: string;
  auth_token: string;
  content_encoding: 'aes128gcm' | 'aesgcm';
  user_id: number | null;
  locale: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Which bookings' pushes a subscription receives (from the device tokens it presented). */
export interface PushSubscriptionBookingsTable {
  subscription_id: number;
  booking_id: number;
}

/** A web app build whose app-update push has gone out (or the first build, not announced). */
export interface PushAppReleasesTable {
  build_id: string;
  announced_at: IsoInstant;
}

/** The server's VAPID key pair when not configured (one row, id 1), base64url. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: IsoInstant;
}
