import { BRAND_NAME } from '@uniquair/domain/config/app';
import type { Affiliate } from '@uniquair/contract/affiliate';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ModalDialog } from '../overlays/modal-dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import styles from './root-layout.module.css';

export const MAIN_ID = 'main-content';

export interface RootLayoutProps {
  readonly children: ReactNode;
  /** The partner whose logo links to their site, if one is attached to this visit. */
  readonly affiliate?: Affiliate | null;
  /** The end of the top bar: the language and currency picker, the avatar. */
  readonly topBarActions?: ReactNode;
  /** The drawer's content; `close` closes the drawer (after choosing a link). */
  readonly drawer?: (close: () => void) => ReactNode;
  readonly footer?: ReactNode;
  /** Notices above the page (consent, messages). */
  readonly notices?: ReactNode;
}

/**
 * The app shell (SPEC §2): a skip link; the top bar with the menu button, the logo linking home,
 * the affiliate's logo and the actions; the drawer; the `main` landmark holding the page; the
 * footer. While the router loads the next page, a spinner shows in the top bar and `main` is
 * marked busy.
 */
export function RootLayout({
  children,
  affiliate,
  topBarActions,
  drawer,
  footer,
  notices,
}: RootLayoutProps) {
  const intl = useIntl();
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Move focus without touching the URL: the hash is reserved for overlays (#basket, #edit).
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  const menuLabel = intl.formatMessage({ id: 'shell.menu' });
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToContent}>
        {intl.formatMessage({ id: 'app.skipToContent' })}
      </a>
      <header className={styles.topBar}>
        <div className={styles.start}>
          {drawer ? (
            <button
              type="button"
              className={styles.menuButton}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="visually-hidden">{menuLabel}</span>
            </button>
          ) : null}
          <Link
            to={paths.home.getHref()}
            className={styles.brand}
            aria-label={intl.formatMessage({ id: 'app.homeLink' }, { brand: BRAND_NAME })}
          >
            <img className={styles.logo} src="/favicon.svg" alt="" width={32} height={32} />
            <span className={styles.brandName}>{BRAND_NAME}</span>
          </Link>
          {affiliate ? (
            <a className={styles.affiliate} href={affiliate.url} rel="noopener" target="_blank">
              <picture>
                <source media="(max-width: 1024px)" srcSet={affiliate.logoSquare} />
                <img
                  src={affiliate.logo}
                  alt={intl.formatMessage({ id: 'shell.affiliate' }, { name: affiliate.name })}
                  height={32}
                />
              </picture>
            </a>
          ) : null}
        </div>
        <div className={styles.end}>
          {loading ? <Spinner size={24} /> : null}
          {topBarActions}
        </div>
      </header>
      {drawer ? (
        <ModalDialog
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={menuLabel}
          variant="sheet"
        >
          {drawer(() => setDrawerOpen(false))}
        </ModalDialog>
      ) : null}
      {notices}
      <main id={MAIN_ID} className={styles.main} tabIndex={-1} aria-busy={loading || undefined}>
        {children}
      </main>
      {footer}
    </div>
  );
}
