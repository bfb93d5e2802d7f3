import { useQueryClient } from '@tanstack/react-query';
import { SNACKBAR_MS } from '@uniquair/domain/config/timings';
import type { MessageKey } from '@uniquair/i18n/messages';
import {
  footerPaymentProviders,
  mergePaymentProviderFlags,
} from '@uniquair/domain/config/payment-providers';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import {
  Link,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { AppNotices } from '../../components/layouts/app-notices.tsx';
import { NetworkRequired } from '../../components/layouts/network-required.tsx';
import { TestPaymentsBanner } from '../../components/layouts/test-payments-banner.tsx';
import { DrawerMenu } from '../../components/layouts/drawer-menu.tsx';
import { MAIN_ID, RootLayout } from '../../components/layouts/root-layout.tsx';
import { SiteFooter } from '../../components/layouts/site-footer.tsx';
import { ModalDialog } from '../../components/overlays/modal-dialog.tsx';
import { SnackbarProvider, useSnackbar } from '../../components/ui/snackbar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useInitData } from '../../features/app-data/api/get-init-data.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSendDrafts } from '../../features/support/api/use-send-drafts.ts';
import { forgetUser, signOut } from '../../features/auth/api/sign-out.ts';
import { ConsentBanner } from '../../features/consent/components/consent-banner.tsx';
import { useThirdPartyScripts } from '../../features/consent/hooks/use-third-party-scripts.ts';
import { PreferencesPanel } from '../../features/preferences/components/preferences-panel.tsx';
import { usePreferenceChoices } from '../../features/preferences/hooks/use-preference-choices.ts';
import { onUnauthorized } from '../../lib/api-client.ts';
import { CurrencyProvider, useCurrency } from '../../lib/currency.tsx';
import { installGlobalErrorReporting } from '../../lib/global-error-reporting.ts';
import { useLocale } from '../../lib/i18n.ts';
import { focusHeading, isNewPage, shouldResetScroll } from '../../lib/navigation.ts';
import { isNetworkOnly } from '../../lib/pwa/network-only.ts';
import { ownerOf, setOfflineOwner } from '../../lib/pwa/offline-bookings.ts';
import { disablePush, refreshPushSubscription } from '../../lib/pwa/push.ts';
// Before any page checks a schema: every page renders inside the shell.
import '../../lib/zod-config.ts';
import { registerServiceWorker } from '../../lib/pwa/service-worker.ts';
import { usePushMessages } from '../../lib/pwa/use-push-messages.ts';
import styles from './root.module.css';

// The error page of a page inside the shell loads with the shell (router.tsx).
export { PageErrorBoundary } from './page-error-boundary.tsx';

// The overlays carry the search form and results code: loaded when first opened.
const BasketOverlay = lazy(async () => ({
  default: (await import('./search-overlays.tsx')).BasketOverlayRoute,
}));
const SearchEditorOverlay = lazy(async () => ({
  default: (await import('./search-overlays.tsx')).SearchEditorOverlayRoute,
}));

/** The shell around every page, once the start-up data is in. */
export function RootRoute() {
  const init = useInitData();
  // The service worker exists in production builds only (the dev server has none). The first page
  // does not need it: it is registered once the shell is on screen.
  useEffect(() => {
    if (import.meta.env.PROD) void registerServiceWorker();
  }, []);
  return (
    <CurrencyProvider
      currencies={init.currencies.currencies}
      serverCurrency={init.currencies.currency}
    >
      <SnackbarProvider duration={SNACKBAR_MS}>
        <Shell />
      </SnackbarProvider>
    </CurrencyProvider>
  );
}

/** Scroll to the top and focus the new page's heading after each navigation (not on start). */
function useNavigationEffects() {
  const location = useLocation();
  const kind = useNavigationType();
  const previous = useRef(location);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before === location) return undefined;
    if (shouldResetScroll(before, location, kind)) window.scrollTo(0, 0);
    if (!isNewPage(before, location)) return undefined;
    const main = document.getElementById(MAIN_ID);
    return main ? focusHeading(main) : undefined;
  }, [location, kind]);
}

function Shell() {
  const intl = useIntl();
  const init = useInitData();
  const { user } = useCurrentUser();
  const { locale } = useLocale();
  const { currency } = useCurrency();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const [pickerOpen, setPickerOpen] = useState(false);

  // Counted, then said after the render that follows: in the language just chosen, if any.
  const [unreachable, setUnreachable] = useState(0);
  const unableToConnect = useCallback(() => setUnreachable((count) => count + 1), []);
  useEffect(() => {
    if (unreachable > 0) snackbar.show(intl.formatMessage({ id: 'preferences.unableToConnect' }));
    // Only a new failure speaks; a later language change does not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreachable]);
  const choices = usePreferenceChoices(unableToConnect);
  const thirdParty = useThirdPartyScripts(env);
  useNavigationEffects();
  const networkOnly = useMatches().some((match) => isNetworkOnly(match.handle));

  // Offline copies of bookings belong to whoever is signed in (or to this device); the push
  // subscription, if any, is sent again so the server links it to that user.
  const ownerEmail = user?.email ?? null;
  useEffect(() => {
    setOfflineOwner(ownerOf(ownerEmail === null ? null : { email: ownerEmail }));
    if (navigator.onLine) void refreshPushSubscription(locale).catch(() => undefined);
  }, [ownerEmail, locale]);
  const holdExpiredNotice = useCallback(
    (pnr: string) => ({
      title: intl.formatMessage({ id: 'pwa.holdExpiredTitle' }, { pnr }),
      body: intl.formatMessage({ id: 'pwa.holdExpiredBody' }),
    }),
    [intl],
  );
  const bookingMessage = usePushMessages(queryClient, holdExpiredNotice);
  // Support messages written offline go when the connection returns, on whatever page.
  const draftRefused = useCallback(
    (reason: string | null) =>
      snackbar.show(
        intl.formatMessage(
          { id: 'support.draft.refused' },
          { reason: reason ?? intl.formatMessage({ id: 'support.failed' }) },
        ),
      ),
    [intl, snackbar],
  );
  useSendDrafts(ownerEmail, draftRefused);

  // Any 401 / ERROR_UNAUTHORIZED: forget the user and go to sign-in, coming back here after.
  const here = location.pathname + location.search + location.hash;
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  useEffect(
    () =>
      onUnauthorized(() => {
        void forgetUser(queryClient);
        // Forgetting the user drops the page's queries, and those still shown ask again: their
        // 401s find the app on sign-in already, which keeps the page to come back to.
        if (hereRef.current.split(/[?#]/)[0] === paths.signin.path) return;
        void navigate(paths.signin.getHref(hereRef.current));
      }),
    [queryClient, navigate],
  );

  useEffect(
    () =>
      installGlobalErrorReporting(
        () => void snackbar.show(intl.formatMessage({ id: 'error.notified' })),
      ),
    [intl, snackbar],
  );

  const providers = footerPaymentProviders(mergePaymentProviderFlags(init.paymentProviders));
  const languageCode = locale.split('_')[0]?.toUpperCase() ?? locale;
  const preferencesLabel = intl.formatMessage({ id: 'preferences.title' });

  return (
    <RootLayout
      affiliate={init.affiliate.affiliate}
      notices={
        <>
          {init.testPayments ? <TestPaymentsBanner /> : null}
          {thirdParty.askConsent ? <ConsentBanner onAnswer={thirdParty.answer} /> : null}
          <AppNotices
            signedIn={user !== null}
            bookingMessage={bookingMessage}
            signInHref={paths.signin.getHref()}
          />
        </>
      }
      topBarActions={
        <>
          <button
            type="button"
            className={styles.picker}
            aria-haspopup="dialog"
            onClick={() => setPickerOpen(true)}
          >
            <span aria-hidden="true">
              {languageCode} · {currency.code}
            </span>
            <span className="visually-hidden">
              {intl.formatMessage(
                { id: 'preferences.current' },
                { language: languageCode, currency: currency.code },
              )}
            </span>
          </button>
          {user ? (
            <Link to={paths.account.getHref()} className={styles.avatar}>
              {/* Named by text, not aria-label: the initials shown are not part of the name. */}
              <span className="visually-hidden">{intl.formatMessage({ id: 'nav.account' })}</span>
              {user.avatar ? (
                <img src={user.avatar} alt="" width={36} height={36} />
              ) : (
                <span aria-hidden="true">
                  {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
                </span>
              )}
            </Link>
          ) : null}
        </>
      }
      drawer={(close) => (
        <DrawerMenu
          user={user}
          preferences={<PreferencesPanel choices={choices} />}
          onNavigate={close}
          onSignOut={() => {
            close();
            void disablePush();
            void signOut(queryClient).then(() => navigate(paths.home.getHref()));
          }}
        />
      )}
      footer={<SiteFooter paymentProviders={providers} menus={init.footerMenus} />}
    >
      {networkOnly ? (
        <NetworkRequired>
          <Outlet />
        </NetworkRequired>
      ) : (
        <Outlet />
      )}
      <ModalDialog open={pickerOpen} onClose={() => setPickerOpen(false)} title={preferencesLabel}>
        <PreferencesPanel choices={choices} />
      </ModalDialog>
      <HashOverlay hash="#basket" title="basket.title">
        <BasketOverlay />
      </HashOverlay>
      <HashOverlay hash="#edit" title="searchEditor.title">
        <SearchEditorOverlay />
      </HashOverlay>
    </RootLayout>
  );
}

/**
 * An overlay that the URL's hash opens (`#basket`, `#edit`), its module loaded on first opening;
 * closing it drops the hash in place.
 */
function HashOverlay({
  hash,
  title,
  children,
}: {
  readonly hash: string;
  readonly title: MessageKey;
  readonly children: ReactNode;
}) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const close = () =>
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  return (
    <ModalDialog
      open={location.hash === hash}
      onClose={close}
      title={intl.formatMessage({ id: title })}
    >
      <Suspense fallback={<Spinner size={48} />}>{children}</Suspense>
    </ModalDialog>
  );
}
