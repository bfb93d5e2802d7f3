import type { BookingDetail } from '@uniquair/contract/booking';

type BookingPassenger = BookingDetail['passengers'][number];
import { useIntl } from 'react-intl';
import styles from './booking-itinerary.module.css';

const TYPE_NAMES = {
  1: 'passengerType.adult',
  2: 'passengerType.child',
  3: 'passengerType.infant',
} as const;

/** The travellers of a booking: name and passenger type. */
export function BookingPassengers({
  passengers,
}: {
  readonly passengers: readonly BookingPassenger[];
}) {
  const intl = useIntl();
  return (
    <ul className={styles.people}>
      {passengers.map((passenger) => (
        <li key={passenger.index}>
          {intl.formatMessage(
            { id: 'booking.passenger' },
            {
              name: `${passenger.firstName} ${passenger.lastName}`,
              type: intl.formatMessage({ id: TYPE_NAMES[passenger.typeId] }),
            },
          )}
        </li>
      ))}
    </ul>
  );
}
