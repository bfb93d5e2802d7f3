import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@uniquair/contract/users';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { deviceBookingTokens } from '../../../lib/device-data.ts';
import { isSupportedLocale, useLocale } from '../../../lib/i18n.ts';
import { claimDeviceBookings } from '../api/claim-device-bookings.ts';
import { currentUserQueryOptions } from '../api/get-current-user.ts';

/**
 * What follows every way of signing in (password, e-mailed link, address confirmation): the app
 * knows the user, bookings made on this device move into the account (SPEC §6), the profile's
 * language takes over, and the visitor goes on to `target` (the page the auth gate remembered).
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { locale, setLocale } = useLocale();
  return useCallback(
    async (answer: CurrentUserResponse, target: string) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, answer);
      queryClient.removeQueries({ queryKey: ['bookings'] });
      const tokens = deviceBookingTokens();
      if (tokens.length > 0) {
        try {
          await claimDeviceBookings(tokens);
        } catch {
          // Tried again at the next sign-in; the bookings stay reachable from this device.
        }
      }
      const preferred = answer.user?.locale;
      if (preferred && preferred !== locale && isSupportedLocale(preferred)) {
        try {
          await setLocale(preferred);
        } catch {
          // The catalogue could not load (offline): the current language stays.
        }
      }
      await navigate(target, { replace: true });
    },
    [queryClient, navigate, locale, setLocale],
  );
}
