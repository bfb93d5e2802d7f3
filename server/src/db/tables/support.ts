import type { ColumnType, Generated } from 'kysely';
import type { Flag, IsoInstant } from '../columns.ts';

/** Row types of support tickets and their messages (docs/support.md). */

export type SupportTicketStatus = 'open' | 'closed';

export interface SupportTicketsTable {
  id: Generated<number>;
  /** The traveller who opened it. */
  user_id: number | null;
  subject: string;
  short_description: string;
  description: string;
  status: SupportTicketStatus;
  /** The booking it is about (one of the user's), or null. */
  booking_id: number | null;
  pnr: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The last message or status change: the lists' order. */
  last_activity_at: IsoInstant;
  closed_at: IsoInstant | null;
  /** Since when the traveller has been waiting for the team; null when the team spoke last. */
  waiting_since: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  /** `traveller` or `agent`. */
  author: 'traveller' | 'agent';
  author_user_id: number | null;
  body: string;
  /** A team note the traveller never sees. */
  internal: Flag;
  created_at: IsoInstant;
}
