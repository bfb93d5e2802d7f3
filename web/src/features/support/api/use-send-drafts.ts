import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { draftsMayWait } from './drafts-flag.ts';

/**
 * Sends the support drafts written offline by `owner` (`drafts.ts`) when the app starts online
 * and whenever the connection returns, on any page. `onRefused` says the server's reason for a
 * draft it refused for good (null when it gave none).
 */
export function useSendDrafts(owner: string | null, onRefused: (reason: string | null) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (owner === null) return;
    const flush = () => {
      if (!navigator.onLine || !draftsMayWait()) return;
      void import('./drafts.ts')
        .then(({ sendDrafts }) =>
          sendDrafts(owner, queryClient, (_draft, error) =>
            onRefused(isApiError(error) ? (Object.values(error.errors).flat()[0] ?? null) : null),
          ),
        )
        .catch(() => undefined);
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [owner, queryClient, onRefused]);
}
