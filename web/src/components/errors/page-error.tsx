import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { reportError } from '../../lib/error-reporting.ts';
import styles from './error-page.module.css';

export interface PageErrorProps {
  readonly error: unknown;
  /** Where it failed, for the report. */
  readonly component: string;
  /** React's component stack, when known. */
  readonly info?: string;
}

/**
 * A page failed: the error goes to `/api/error/save` (failures ignored) and the visitor reads
 * 'An error occurred. We have been notified and are working on resolving it.' (SPEC §8) inside
 * the shell, with a way home.
 */
export function PageError({ error, component, info }: PageErrorProps) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'error.pageTitle' }));
  useEffect(() => {
    void reportError({ component, error, info });
  }, [error, component, info]);
  return (
    <section className={styles.page} aria-labelledby="page-error-title">
      <h1 id="page-error-title">{intl.formatMessage({ id: 'error.notified' })}</h1>
      <Link className={styles.action} to={paths.home.getHref()}>
        {intl.formatMessage({ id: 'notFound.homeLink' })}
      </Link>
    </section>
  );
}
