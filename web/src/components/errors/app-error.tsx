import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { resetApp } from '../../lib/reset-app.ts';
import styles from './error-page.module.css';

export interface AppErrorProps {
  /** Runs on "Try again"; clears the app's browser data and reloads unless told otherwise. */
  readonly onRetry?: () => Promise<void>;
}

/**
 * "There was an error." with a Try again button (SPEC §8). Takes focus when it appears, so
 * keyboard and screen reader users land on it. The caller provides the `main` landmark.
 */
export function AppError({ onRetry = resetApp }: AppErrorProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const [retrying, setRetrying] = useState(false);
  useDocumentTitle(intl.formatMessage({ id: 'error.pageTitle' }));

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const retry = () => {
    setRetrying(true);
    void onRetry();
  };

  return (
    <section className={styles.page} aria-labelledby="app-error-title">
      <h1 id="app-error-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage({ id: 'error.title' })}
      </h1>
      <p>{intl.formatMessage({ id: 'error.hint' })}</p>
      <button type="button" className={styles.action} onClick={retry} disabled={retrying}>
        {intl.formatMessage({ id: 'error.retry' })}
      </button>
    </section>
  );
}
