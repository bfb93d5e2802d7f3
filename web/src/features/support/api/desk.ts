import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeskReplyRequest,
  DeskTicketResponse,
  DeskTicketsResponse,
} from '@uniquair/contract/support';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { messageBody } from './message-body.ts';

/** The support team's desk (docs/support.md "The desk"): the queue, a ticket, replies, notes. */

export type DeskStatus = 'open' | 'closed';

const DESK_KEY = ['support', 'desk'] as const;
const deskTicketKey = (id: number) => [...DESK_KEY, 'ticket', id] as const;

/** `GET /api/support/desk/tickets?status=&q=&page=`: longest waiting first. */
export function useDeskTickets(status: DeskStatus, q: string, page: number) {
  return useQuery({
    queryKey: [...DESK_KEY, 'tickets', status, q, page],
    queryFn: () => {
      const query = new URLSearchParams({ status, page: String(page) });
      if (q !== '') query.set('q', q);
      return apiGet<DeskTicketsResponse>(`/api/support/desk/tickets?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
    // The queue moves while an agent reads it.
    refetchInterval: 60_000,
  });
}

/** Where the team downloads an image of a message of ticket `id`. */
export const deskAttachmentHref = (id: number) => (attachmentId: string) =>
  `/api/support/desk/tickets/${id}/attachments/${attachmentId}`;

/** `GET /api/support/desk/tickets/{id}`: the ticket with its traveller, booking and notes. */
export function useDeskTicket(id: number) {
  return useQuery({
    queryKey: deskTicketKey(id),
    queryFn: async () =>
      (await apiGet<DeskTicketResponse>(`/api/support/desk/tickets/${id}`)).ticket,
  });
}

/** A reply or an internal note, or closing: the answer is the ticket as it is now. */
export function useDeskAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: ({ kind: 'message'; files?: File[] } & DeskReplyRequest) | { kind: 'close' },
    ) =>
      action.kind === 'message'
        ? apiPost<DeskTicketResponse>(
            `/api/support/desk/tickets/${id}/messages`,
            action.files?.length
              ? messageBody(
                  { body: action.body, internal: String(action.internal ?? false) },
                  action.files,
                )
              : { body: action.body, internal: action.internal },
          )
        : apiPost<DeskTicketResponse>(`/api/support/desk/tickets/${id}/close`),
    onSuccess: async ({ ticket }) => {
      queryClient.setQueryData(deskTicketKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...DESK_KEY, 'tickets'] });
    },
  });
}
