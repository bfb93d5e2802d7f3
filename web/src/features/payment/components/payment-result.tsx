import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { paths } from '../../../config/paths.ts';

export type PaymentOutcome = 'success' | 'fundingDenied' | 'denied' | 'failure';

const TEXTS = {
  success: { title: 'payment.successTitle', text: 'payment.successText' },
  fundingDenied: { title: 'payment.fundingDeniedTitle', text: 'payment.fundingDeniedText' },
  denied: { title: 'payment.deniedTitle', text: 'payment.deniedText' },
  failure: { title: 'payment.failureTitle', text: 'payment.failureText' },
} as const;

/**
 * Where the payment provider sends the visitor back (SPEC §2, §8): the outcome in the spec's
 * words, and the way on: the booking, or back to paying with another method.
 */
export function PaymentResult({
  pnr,
  outcome,
}: {
  readonly pnr: string;
  readonly outcome: PaymentOutcome;
}) {
  const intl = useIntl();
  const texts = TEXTS[outcome];
  return (
    <Screen title={intl.formatMessage({ id: texts.title })}>
      <p>{intl.formatMessage({ id: texts.text }, { pnr })}</p>
      <div className={screenStyles.links}>
        {outcome === 'success' ? null : (
          <Link className={screenStyles.action} to={paths.bookingPay.getHref(pnr)}>
            {intl.formatMessage({ id: 'payment.tryAgain' })}
          </Link>
        )}
        <Link to={paths.booking.getHref(pnr)}>
          {intl.formatMessage({ id: 'payment.viewBooking' }, { pnr })}
        </Link>
      </div>
    </Screen>
  );
}
