import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checkForUpdate, currentRegistration, onPushMessage } from './service-worker.ts';
import type { PushMessage } from './worker-messages.ts';

/** The query key prefix of one booking (`lib/booking-access.ts` reads it under this key). */
export const bookingKey = (pnr: string) => ['booking', pnr.toUpperCase()] as const;

/** Longest wait for a hold expiry notice (a timer cannot wait longer than about 24 days). */
const MAX_TIMER_MS = 2_147_483_647;

export interface HoldExpiredNotice {
  readonly title: string;
  readonly body: string;
}

/**
 * What the open app does with a push message (SPEC §4 "Backend push"): `booking.status` and
 * `payment.trustly.paid` refetch the booking and return the message for the in-app notice (the
 * worker has already shown the system notification with View); `payment.trustly.paid` also
 * raises a system notification when the booking's hold expires while it is still unpaid;
 * `app.update` checks for the new version at once.
 */
export function usePushMessages(
  queryClient: QueryClient,
  holdExpiredNotice: (pnr: string) => HoldExpiredNotice,
): PushMessage | null {
  const [last, setLast] = useState<PushMessage | null>(null);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = onPushMessage((message) => {
      if (message.type === 'app.update') {
        void checkForUpdate();
        return;
      }
      if (message.type === 'support.reply') {
        // The team answered: the tickets and their unread markers are read again.
        void queryClient.invalidateQueries({ queryKey: ['support'] });
        return;
      }
      const pnr = message.data.pnr;
      if (!pnr) return;
      void queryClient.invalidateQueries({ queryKey: bookingKey(pnr) });
      setLast(message);
      const expiresAt = message.data.holdExpiresAt;
      if (message.type !== 'payment.trustly.paid' || !expiresAt) return;
      const wait = Date.parse(expiresAt) - Date.now();
      if (wait < 0 || wait > MAX_TIMER_MS) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void queryClient
          .refetchQueries({ queryKey: bookingKey(pnr) })
          .catch(() => undefined)
          .then(() => {
            const booking = queryClient.getQueryData(bookingKey(pnr));
            const status = (booking as { status?: unknown } | undefined)?.status;
            if (status !== undefined && status !== 'not_paid') return;
            const notice = holdExpiredNotice(pnr);
            return currentRegistration()?.showNotification(notice.title, {
              body: notice.body,
              tag: `hold-expired-${pnr}`,
              data: { url: `/bookings/${pnr}` },
            });
          });
      }, wait);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient, holdExpiredNotice]);
  return last;
}
