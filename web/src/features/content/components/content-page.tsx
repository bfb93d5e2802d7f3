import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { NotFound } from '../../../components/errors/not-found.tsx';
import { PageError } from '../../../components/errors/page-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { toBcp47 } from '@uniquair/domain/locale/languages';
import { usePage } from '../api/get-page.ts';
import styles from './content-page.module.css';

export interface ContentPageProps {
  readonly slug: string;
}

/**
 * A content page by slug (SPEC §2): its title and the sanitised HTML the server renders from the
 * page's Markdown, in the UI language when the page has that translation (marked with its own
 * `lang` otherwise). Links inside it to pages of the app open without reloading.
 */
export function ContentPage({ slug }: ContentPageProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const page = usePage(slug, locale);
  useDocumentTitle(page.data?.title ?? intl.formatMessage({ id: 'app.loading' }));

  if (page.isError && !page.data) {
    const error = page.error;
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return <NotFound />;
    return <PageError error={error} component="ContentPage" />;
  }
  if (!page.data) return <Spinner size={48} />;

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    if (event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  const { title, html } = page.data;
  const pageLang = toBcp47(page.data.locale);
  return (
    <article className={styles.page} lang={page.data.locale === locale ? undefined : pageLang}>
      <h1>{title}</h1>
      {/* The server sanitises the HTML (no scripts, styles or handlers): see contract PageResponse. */}
      <div
        className={styles.body}
        onClick={followInternalLink}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
