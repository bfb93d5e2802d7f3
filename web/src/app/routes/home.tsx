import { BRAND_NAME } from '@uniquair/domain/config/app';
import { useIntl } from 'react-intl';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { SearchHome } from '../../features/search/components/search-home.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import styles from './home.module.css';

export function HomeRoute() {
  const intl = useIntl();
  const network = useRouteNetwork();
  useDocumentTitle(intl.formatMessage({ id: 'home.title' }));
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-heading">
        <h1 id="home-heading" className={styles.heading}>
          {intl.formatMessage({ id: 'home.heading' })}
        </h1>
        <p className={styles.intro}>
          {intl.formatMessage({ id: 'home.intro' }, { brand: BRAND_NAME })}
        </p>
      </section>
      <SearchHome network={network} />
    </div>
  );
}
