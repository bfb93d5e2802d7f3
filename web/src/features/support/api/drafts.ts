import type { QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@uniquair/contract/booking';
import type { OpenTicketRequest } from '@uniquair/contract/support';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { apiPost, isApiError } from '../../../lib/api-client.ts';
import { flagDraftsWaiting } from './drafts-flag.ts';

/**
 * Support messages written without a connection (docs/support.md "Drafts written offline"): kept
 * on the device in IndexedDB and sent when the connection returns, whether the page is still open
 * or the app is opened again later. Each draft is sent with its own `Idempotency-Key`, so sending
 * it again (a lost answer, two tabs coming back online) never makes two tickets or two messages.
 * A draft belongs to the account that wrote it and is only sent while that account is signed in.
 */

export type Draft =
  | {
      readonly key: string;
      readonly owner: string;
      readonly kind: 'open';
      readonly request: OpenTicketRequest;
      readonly savedAt: string;
    }
  | {
      readonly key: string;
      readonly owner: string;
      readonly kind: 'reply';
      readonly ticketId: number;
      readonly body: string;
      readonly savedAt: string;
    };

interface DraftsDb extends DBSchema {
  drafts: { key: string; value: Draft };
}

/** The React Query key under which the device's drafts are read (`useWaitingDrafts`). */
export const DRAFTS_KEY = ['support', 'drafts'] as const;

let database: Promise<IDBPDatabase<DraftsDb>> | null = null;

function drafts(): Promise<IDBPDatabase<DraftsDb>> {
  database ??= openDB<DraftsDb>('uniquair-support', 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
  });
  return database;
}

/** Keeps a draft on the device until it is sent. */
export async function saveDraft(draft: Draft): Promise<void> {
  await (await drafts()).put('drafts', draft);
  flagDraftsWaiting(true);
}

/** The drafts of `owner` waiting on this device, oldest first. */
export async function draftsOf(owner: string): Promise<Draft[]> {
  const all = await (await drafts()).getAll('drafts');
  return all
    .filter((draft) => draft.owner === owner)
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

async function removeDraft(key: string): Promise<void> {
  await (await drafts()).delete('drafts', key);
}

function send(draft: Draft): Promise<unknown> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: draft.key };
  return draft.kind === 'open'
    ? apiPost('/api/support/tickets', draft.request, { headers })
    : apiPost(`/api/support/tickets/${draft.ticketId}/messages`, { body: draft.body }, { headers });
}

/** Drafts being sent by this page: two `online` events at once send each draft once. */
const sending = new Set<string>();

/**
 * Sends `owner`'s waiting drafts, oldest first, and answers how many went. A draft stays while
 * the network fails; one the server refuses for good (a ticket closed meanwhile, too many open
 * tickets) is dropped, and the refusal goes to `onRefused` to be said.
 */
export async function sendDrafts(
  owner: string,
  queryClient: QueryClient,
  onRefused: (draft: Draft, error: unknown) => void = () => undefined,
): Promise<number> {
  let sent = 0;
  for (const draft of await draftsOf(owner)) {
    if (sending.has(draft.key)) continue;
    sending.add(draft.key);
    try {
      await send(draft);
      await removeDraft(draft.key);
      sent += 1;
    } catch (error) {
      if (!isApiError(error) || error.isNetworkError || error.status >= 500) break;
      // 409 IDEMPOTENCY_KEY_IN_USE: another tab is sending it right now.
      if (error.code !== 'IDEMPOTENCY_KEY_IN_USE') {
        await removeDraft(draft.key);
        onRefused(draft, error);
      }
    } finally {
      sending.delete(draft.key);
    }
  }
  flagDraftsWaiting((await (await drafts()).count('drafts')) > 0);
  // Once something went, every support list and ticket (the drafts among them) is read again.
  await queryClient.invalidateQueries({ queryKey: sent > 0 ? ['support'] : DRAFTS_KEY });
  return sent;
}
