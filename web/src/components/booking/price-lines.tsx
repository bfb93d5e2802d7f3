import type { BookingDetail } from '@uniquair/contract/booking';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { apportion } from '@uniquair/domain/pricing/apportion';
import { useIntl } from 'react-intl';
import { formatMoney } from './format-money.ts';
import styles from './price-lines.module.css';

/**
 * What a price is made of, above its total: the fares of every seat and the extras, in minor
 * units of `currency`. The caller writes the total itself.
 */
export function PriceLines({
  fares,
  extras,
  currency,
}: {
  readonly fares: number;
  readonly extras: number;
  readonly currency: string;
}) {
  const intl = useIntl();
  return (
    <dl className={styles.lines}>
      <dt>{intl.formatMessage({ id: 'price.fares' })}</dt>
      <dd>{formatMoney(intl, fares, currency)}</dd>
      <dt>{intl.formatMessage({ id: 'price.extras' })}</dt>
      <dd>
        {extras > 0
          ? formatMoney(intl, extras, currency)
          : intl.formatMessage({ id: 'price.noExtras' })}
      </dd>
    </dl>
  );
}

/**
 * A booking's fares (every seated passenger on every flight) and extras in its charge currency
 * (SPEC §9): the booking is priced in USD and converted once, so each line is its share of the
 * amount charged and the lines add up to it exactly.
 */
export function chargedParts(booking: BookingDetail): {
  fares: number;
  extras: number;
  currency: string;
} {
  const seated = booking.passengers.filter(
    (passenger) => passenger.typeId !== PassengerType.infant,
  ).length;
  const baseFares = booking.flights.reduce((sum, flight) => sum + flight.farePrice * seated, 0);
  const baseExtras = booking.extras.reduce((sum, extra) => sum + extra.price, 0);
  const [fares = 0, extras = 0] = apportion([baseFares, baseExtras], booking.chargeTotal.amount);
  return { fares, extras, currency: booking.chargeTotal.currency };
}

/**
 * SPEC §9's rule, said before paying when prices are shown in another currency than the one
 * charged: bookings are charged in USD, EUR or GBP.
 */
export function ChargeCurrencyRule({
  shown,
  charged,
}: {
  readonly shown: string;
  readonly charged: string;
}) {
  const intl = useIntl();
  if (shown === charged) return null;
  return (
    <p className={styles.rule}>
      {intl.formatMessage({ id: 'price.chargeRule' }, { shown, charged })}
    </p>
  );
}
