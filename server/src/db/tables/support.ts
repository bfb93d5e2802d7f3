import type { ColumnType, Generated } from 'kysely';
import type { Flag, IsoInstant } from '../columns.ts';

/** Row types of support tickets, their messages and the messages' images (docs/support.md). */

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
  /** A visitor's ticket (no user): their address, lower case. */
  visitor_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** A visitor's language, for the e-mails. */
  visitor_locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the visitor confirmed the address; until then their ticket is nowhere. */
  verified_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  /** The traveller's last message (the ticket itself, then each reply). */
  traveller_wrote_at: ColumnType<
    IsoInstant | null,
    IsoInstant | null | undefined,
    IsoInstant | null
  >;
  /** The team's last reply (notes aside); null before the first. */
  agent_replied_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  /** When the traveller last read the ticket (or wrote on it). */
  traveller_seen_at: ColumnType<
    IsoInstant | null,
    IsoInstant | null | undefined,
    IsoInstant | null
  >;
  /** When an agent last read the ticket (or replied): one marker for the whole team. */
  desk_seen_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
}

/** An e-mailed link of a visitor's ticket: `verify` confirms the address, `open` opens it. */
export interface SupportVisitorTokensTable {
  token_hash: string;
  ticket_id: number;
  purpose: 'verify' | 'open';
  expires_at: IsoInstant;
  created_at: IsoInstant;
  used_at: IsoInstant | null;
}

/** A browser an e-mailed link let in to the visitor's tickets (the `uq_support` cookie). */
export interface SupportVisitorSessionsTable {
  token_hash: string;
  email: string;
  created_at: IsoInstant;
  expires_at: IsoInstant;
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

/** An image sent with a message; its bytes are a file in the attachments folder. */
export interface SupportAttachmentsTable {
  /** Random 128 bits in hex: the id of its download address. */
  id: string;
  message_id: number;
  /** The file name it was sent with, made safe (no path, no control characters). */
  name: string;
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Bytes of the stored, re-encoded image. */
  size: number;
  /** Its place among the message's images, from 0 (the order they were sent in). */
  position: number;
  /** The random name of its file in the attachments folder (never derived from `id`). */
  storage_key: string;
  created_at: IsoInstant;
}
