import type { SupportTicket } from '@uniquair/contract/support';

/**
 * A traveller's open ticket about seats on booking K7Q2ZP4, without its conversation: the
 * traveller's and the desk's views of a ticket both start from it.
 */
export const SEAT_QUESTION: Omit<SupportTicket, 'messages'> = {
  id: 42,
  subject: 'Seat for my child',
  shortDescription: 'Can we sit together?',
  description: 'We were given seats apart.',
  status: 'open',
  pnr: 'K7Q2ZP4',
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  unread: false,
};
