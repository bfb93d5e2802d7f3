import type { MessageKey } from '@uniquair/i18n/messages';
import { APP_VERSION } from '@uniquair/domain/config/app';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAppUpdates } from '../../lib/app-updates.ts';
import { promptInstall, useInstallState } from '../../lib/install-prompt.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useLocationPermission } from '../../lib/location-permission.ts';
import { usePush } from '../../lib/pwa/push.ts';
import styles from './drawer-menu.module.css';

export interface DrawerUser {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Roles granted by an operator: `support_agent` sees the support desk. */
  readonly roles: readonly string[];
}

export interface DrawerMenuProps {
  /** The signed-in user, or null for an anonymous visitor. */
  readonly user: DrawerUser | null;
  /** The language and currency panes. */
  readonly preferences: ReactNode;
  readonly onSignOut: () => void;
  /** Called after a link is chosen, to close the drawer. */
  readonly onNavigate: () => void;
}

/**
 * The drawer (SPEC §2): the user card, the main links, the language and currency panes, account
 * or sign-in links, the terms, installing the app, the location permission, checking for updates
 * and the version label. Install, location and updates show what this browser can do right now.
 */
export function DrawerMenu({ user, preferences, onSignOut, onNavigate }: DrawerMenuProps) {
  const intl = useIntl();
  const t = (id: MessageKey) => intl.formatMessage({ id });
  const link = (to: string, label: string) => (
    <li>
      <NavLink to={to} className={styles.link} onClick={onNavigate} end>
        {label}
      </NavLink>
    </li>
  );

  return (
    <nav className={styles.drawer} aria-label={t('shell.menu')}>
      {user ? (
        <div className={styles.userCard}>
          <p className={styles.userName}>
            {intl.formatMessage(
              { id: 'shell.userName' },
              { firstName: user.firstName, lastName: user.lastName },
            )}
          </p>
          <p className={styles.userEmail}>{user.email}</p>
        </div>
      ) : null}
      <ul className={styles.links}>
        {link(paths.home.getHref(), t('nav.findFlights'))}
        {link(paths.bookings.getHref(), t('nav.myBookings'))}
        {user ? link(paths.supportTickets.getHref(), t('nav.support')) : null}
        {user?.roles.includes('support_agent')
          ? link(paths.supportDesk.getHref(), t('nav.supportDesk'))
          : null}
        {link(paths.contactUs.getHref(), t('nav.contactUs'))}
      </ul>
      <div className={styles.section}>{preferences}</div>
      <ul className={styles.links}>
        {user ? (
          <>
            {link(paths.account.getHref(), t('nav.account'))}
            <li>
              <button type="button" className={styles.link} onClick={onSignOut}>
                {t('nav.signOut')}
              </button>
            </li>
          </>
        ) : (
          <>
            {link(paths.register.getHref(), t('nav.register'))}
            {link(paths.signin.getHref(), t('nav.signIn'))}
          </>
        )}
        {link(paths.termsAndConditions.getHref(), t('nav.terms'))}
      </ul>
      <div className={styles.section}>
        <InstallItem signedIn={user !== null} />
        <LocationItem />
        <PushItem />
        <UpdateItem />
        <p className={styles.version}>
          {intl.formatMessage({ id: 'shell.version' }, { version: APP_VERSION })}
        </p>
      </div>
    </nav>
  );
}

function InstallItem({ signedIn }: { readonly signedIn: boolean }) {
  const intl = useIntl();
  const state = useInstallState();
  if (state === 'available') {
    return (
      <button type="button" className={styles.action} onClick={() => void promptInstall()}>
        {intl.formatMessage({ id: 'shell.install' })}
      </button>
    );
  }
  const message: Record<Exclude<typeof state, 'available'>, MessageKey> = {
    installed: signedIn ? 'shell.installed' : 'shell.installedSignIn',
    accepted: 'pwa.installAccepted',
    dismissed: 'pwa.installDismissed',
    ios: 'pwa.installIos',
    unavailable: 'shell.installUnavailable',
  };
  return (
    <p className={styles.status} role="status">
      {intl.formatMessage({ id: message[state] })}
    </p>
  );
}

function PushItem() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { state, enable, disable } = usePush(locale);
  const t = (id: MessageKey) => intl.formatMessage({ id });
  const enableButton = (
    <button type="button" className={styles.action} onClick={() => void enable()}>
      {t('pwa.pushEnable')}
    </button>
  );
  switch (state) {
    case 'checking':
      return null;
    case 'not-supported':
    case 'notifications-denied':
      return (
        <p className={styles.status}>
          {t(state === 'not-supported' ? 'pwa.pushNotSupported' : 'pwa.pushDenied')}
        </p>
      );
    case 'requires-permission':
    case 'granted':
      return enableButton;
    case 'subscribed':
      return (
        <>
          <p className={styles.status} role="status">
            {t('pwa.pushOn')}
          </p>
          <button type="button" className={styles.action} onClick={() => void disable()}>
            {t('pwa.pushDisable')}
          </button>
        </>
      );
    case 'error':
      return (
        <>
          <p className={styles.status} role="alert">
            {t('pwa.pushError')}
          </p>
          {enableButton}
        </>
      );
  }
}

function LocationItem() {
  const intl = useIntl();
  const { permission, request } = useLocationPermission();
  if (permission === 'unsupported') return null;
  if (permission === 'prompt') {
    return (
      <button type="button" className={styles.action} onClick={request}>
        {intl.formatMessage({ id: 'shell.locationEnable' })}
      </button>
    );
  }
  return (
    <p className={styles.status}>
      {intl.formatMessage({
        id: permission === 'granted' ? 'shell.locationOn' : 'shell.locationOff',
      })}
    </p>
  );
}

function UpdateItem() {
  const intl = useIntl();
  const { state, check, update } = useAppUpdates();
  switch (state) {
    case 'unavailable':
      return (
        <p className={styles.status}>{intl.formatMessage({ id: 'shell.updatesUnavailable' })}</p>
      );
    case 'available':
      return (
        <button type="button" className={styles.action} onClick={update}>
          {intl.formatMessage({ id: 'shell.update' })}
        </button>
      );
    case 'idle':
    case 'latest':
      return (
        <>
          <button type="button" className={styles.action} onClick={() => void check()}>
            {intl.formatMessage({ id: 'shell.checkUpdates' })}
          </button>
          {state === 'latest' ? (
            <p className={styles.status} role="status">
              {intl.formatMessage({ id: 'shell.latest' })}
            </p>
          ) : null}
        </>
      );
    case 'checking':
    case 'downloading':
    case 'updating':
      return (
        <p className={styles.status} role="status">
          {intl.formatMessage({
            id: state === 'updating' ? 'shell.updating' : 'shell.downloading',
          })}
        </p>
      );
  }
}
