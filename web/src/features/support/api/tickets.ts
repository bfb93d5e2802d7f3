import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@uniquair/contract/booking';
import type {
  OpenTicketRequest,
  SupportTicketResponse,
  SupportTicketsResponse,
} from '@uniquair/contract/support';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { DRAFTS_KEY, draftsOf, saveDraft, type Draft } from './drafts.ts';
import { messageBody } from './message-body.ts';

/** The traveller's support tickets (docs/support.md): list, open, read, reply, close, reopen. */

export type TicketStatusFilter = 'all' | 'open' | 'closed';

const TICKETS_KEY = ['support', 'tickets'] as const;
const ticketKey = (id: number) => ['support', 'ticket', id] as const;

/** `GET /api/support/tickets?status=&page=`. */
export function useSupportTickets(status: TicketStatusFilter, page: number) {
  return useQuery({
    queryKey: [...TICKETS_KEY, status, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (status !== 'all') query.set('status', status);
      return apiGet<SupportTicketsResponse>(`/api/support/tickets?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Where the traveller downloads an image of a message of ticket `id`. */
export const attachmentHref = (id: number) => (attachmentId: string) =>
  `/api/support/tickets/${id}/attachments/${attachmentId}`;

/**
 * `GET /api/support/tickets/{id}`, for a signed-in traveller or a visitor with the cookie of an
 * e-mailed link. Without either the 401 is the page's to handle (it leads to sign-in once), not
 * the app's "signed out" reaction, which would forget and read the page's queries again.
 */
export function useSupportTicket(id: number) {
  return useQuery({
    queryKey: ticketKey(id),
    queryFn: async () =>
      (
        await apiGet<SupportTicketResponse>(`/api/support/tickets/${id}`, {
          notifyUnauthorized: false,
        })
      ).ticket,
  });
}

/**
 * `POST /api/support/tickets` with the draft's idempotency key: sending the same draft again
 * (a lost answer, a retry) never opens a second ticket.
 */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: OpenTicketRequest; key: string }) =>
      apiPost<SupportTicketResponse>('/api/support/tickets', request, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: async ({ ticket }) => {
      queryClient.setQueryData(ticketKey(ticket.id), ticket);
      await queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
  });
}

/** A reply, closing or reopening: the answer is the ticket as it is now. */
export function useTicketAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'reply'; body: string; files?: File[] } | { kind: 'close' | 'reopen' },
    ) =>
      apiPost<SupportTicketResponse>(
        action.kind === 'reply'
          ? `/api/support/tickets/${id}/messages`
          : `/api/support/tickets/${id}/${action.kind}`,
        action.kind === 'reply' ? messageBody({ body: action.body }, action.files) : undefined,
      ),
    onSuccess: async ({ ticket }) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
  });
}

/** The signed-in traveller's drafts waiting on this device to be sent (`api/drafts.ts`). */
export function useWaitingDrafts(owner: string | null) {
  return useQuery({
    queryKey: [...DRAFTS_KEY, owner],
    queryFn: () => (owner === null ? [] : draftsOf(owner)),
    // Read from the device: offline too.
    networkMode: 'always',
  });
}

/** Keeps a draft written offline on the device; it is sent when the connection returns. */
export function useKeepDraft() {
  const queryClient = useQueryClient();
  return async (draft: Draft) => {
    await saveDraft(draft);
    await queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
  };
}
