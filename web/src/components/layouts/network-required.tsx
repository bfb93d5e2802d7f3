import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '../../lib/pwa/online-status.ts';
import styles from './app-notices.module.css';

/**
 * A page that cannot work without the network (sign in, register, pay, support, account changes:
 * SPEC §8). Offline it says 'An active network connection is required to access this page'
 * instead of the page; back online, the page shows again.
 */
export function NetworkRequired({ children }: { readonly children: ReactNode }) {
  const intl = useIntl();
  const online = useOnline();
  if (online) return children;
  return (
    <section className={styles.networkRequired} aria-labelledby="network-required-title">
      <h1 id="network-required-title" tabIndex={-1}>
        {intl.formatMessage({ id: 'pwa.networkRequired' })}
      </h1>
      <p>{intl.formatMessage({ id: 'pwa.networkRequiredHint' })}</p>
    </section>
  );
}
