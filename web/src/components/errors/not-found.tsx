import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import styles from './error-page.module.css';

/** 'Not Found' with a hint to check the address (SPEC §2). The caller provides `main`. */
export function NotFound() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notFound.title' });
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{title}</h1>
      <p>{intl.formatMessage({ id: 'notFound.hint' })}</p>
      <Link className={styles.action} to={paths.home.getHref()}>
        {intl.formatMessage({ id: 'notFound.homeLink' })}
      </Link>
    </section>
  );
}
