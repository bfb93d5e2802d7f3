import type { SupportTicketSummary } from '@uniquair/contract/support';
import { ServiceError } from '../../lib/service-error.ts';
import type { TicketRow } from './support.repository.ts';

/** How tickets read in the API, for the traveller's routes and the desk alike. */

/** A ticket that is not there, or not the caller's: the same answer. */
export function notFound(): ServiceError {
  return new ServiceError('NOT_FOUND', 'apiError.notFound', { _: ['apiError.notFound'] });
}

/**
 * Whether the ticket has something its `side` has not read: for the traveller the team's last
 * reply, for the desk the traveller's last message (docs/support.md "Notifications and unread
 * markers"). ISO instants in UTC compare as text.
 */
export function isUnread(
  row: Pick<
    TicketRow,
    'agent_replied_at' | 'traveller_wrote_at' | 'traveller_seen_at' | 'desk_seen_at'
  >,
  side: 'traveller' | 'desk',
): boolean {
  const [news, seen] =
    side === 'traveller'
      ? [row.agent_replied_at, row.traveller_seen_at]
      : [row.traveller_wrote_at, row.desk_seen_at];
  return news !== null && (seen === null || seen < news);
}

/** A ticket as the lists show it to `side`; `updatedAt` is its last activity. */
export function summaryOf(row: TicketRow, side: 'traveller' | 'desk'): SupportTicketSummary {
  return {
    unread: isUnread(row, side),
    id: Number(row.id),
    subject: row.subject,
    shortDescription: row.short_description,
    status: row.status,
    pnr: row.pnr,
    createdAt: row.created_at,
    updatedAt: row.last_activity_at,
  };
}
