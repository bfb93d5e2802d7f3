import { useContext, useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { LocaleContext } from '../../lib/i18n.ts';
import { startupText, type StartupTextKey } from '../../lib/i18n-catalogues.ts';
import { resetApp } from '../../lib/reset-app.ts';
import styles from './error-page.module.css';

export interface AppErrorProps {
  /** Runs on "Try again"; clears the app's browser data and reloads unless told otherwise. */
  readonly onRetry?: () => Promise<void>;
}

/**
 * "There was an error." with a Try again button (SPEC §8). Takes focus when it appears, so
 * keyboard and screen reader users land on it. The caller provides the `main` landmark. Part of
 * the start-up bundle, so it reads its texts without react-intl: in the language on screen, or
 * in English when no catalogue could be loaded.
 */
export function AppError({ onRetry = resetApp }: AppErrorProps) {
  const messages = useContext(LocaleContext)?.messages;
  const text = (key: StartupTextKey) => startupText(key, messages);
  const heading = useRef<HTMLHeadingElement>(null);
  const [retrying, setRetrying] = useState(false);
  useDocumentTitle(text('error.pageTitle'));

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
        {text('error.title')}
      </h1>
      <p>{text('error.hint')}</p>
      <button type="button" className={styles.action} onClick={retry} disabled={retrying}>
        {text('error.retry')}
      </button>
    </section>
  );
}
