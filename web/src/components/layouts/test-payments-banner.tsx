import { useIntl } from 'react-intl';
import styles from './app-notices.module.css';

/**
 * On every page while payments go through the sandbox gateway in production (`testPayments` of
 * the start-up data): nobody should mistake a test booking for a real one.
 */
export function TestPaymentsBanner() {
  const intl = useIntl();
  return (
    <div className={`${styles.notice} ${styles.testPayments}`}>
      <p className={styles.text}>
        <strong>{intl.formatMessage({ id: 'shell.testPayments' })}</strong>
      </p>
    </div>
  );
}
