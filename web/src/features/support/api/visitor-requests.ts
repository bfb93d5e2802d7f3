import { useMutation } from '@tanstack/react-query';
import type { VisitorRequest, VisitorRequestResponse } from '@uniquair/contract/support';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /api/support/requests`: a visitor without an account writes to the team. The ticket
 * waits until the address is confirmed through the e-mailed link (docs/support.md "Visitors
 * without an account").
 */
export function useVisitorRequest() {
  return useMutation({
    mutationFn: (request: VisitorRequest) =>
      apiPost<VisitorRequestResponse>('/api/support/requests', request),
  });
}
