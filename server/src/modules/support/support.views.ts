import type { SupportTicketSummary } from '@uniquair/contract/support';
import { ServiceError } from '../../lib/service-error.ts';
import type { TicketRow } from './support.repository.ts';

/** How tickets read in the API, for the traveller's routes and the desk alike. */

/** A ticket that is not there, or not the caller's: the same answer. */
export function notFound(): ServiceError {
  return new ServiceError('NOT_FOUND', 'apiError.notFound', { _: ['apiError.notFound'] });
}

/** A ticket as the lists show it; `updatedAt` is its last activity. */
export function summaryOf(row: TicketRow): SupportTicketSummary {
  return {
    id: Number(row.id),
    subject: row.subject,
    shortDescription: row.short_description,
    status: row.status,
    pnr: row.pnr,
    createdAt: row.created_at,
    updatedAt: row.last_activity_at,
  };
}
