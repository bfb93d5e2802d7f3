import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { useSavedPassengers } from '../../../lib/get-saved-passengers.ts';
import { useDeleteSavedPassenger } from '../api/delete-saved-passenger.ts';
import styles from './account.module.css';

/** The passengers of earlier bookings, which the booking flow offers again (SPEC §6). */
export function SavedPassengers() {
  const intl = useIntl();
  const { data, isError } = useSavedPassengers();
  const remove = useDeleteSavedPassenger();
  const passengers = data?.passengers ?? [];
  return (
    <section className={styles.section} aria-labelledby="passengers-heading">
      <h2 id="passengers-heading">{intl.formatMessage({ id: 'account.passengersTitle' })}</h2>
      {isError ? (
        <p>{intl.formatMessage({ id: 'bookings.loadFailed' })}</p>
      ) : passengers.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'account.passengersNone' })}</p>
      ) : (
        <ul className={styles.passengers}>
          {passengers.map((passenger) => {
            const name = intl.formatMessage(
              { id: 'shell.userName' },
              { firstName: passenger.firstName, lastName: passenger.lastName },
            );
            return (
              <li key={passenger.id} className={styles.passenger}>
                <div>
                  <p>{name}</p>
                  {passenger.birthDate ? (
                    <p className={styles.muted}>
                      {intl.formatMessage(
                        { id: 'account.passengerBorn' },
                        { date: new Date(`${passenger.birthDate}T00:00:00Z`) },
                      )}
                    </p>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={remove.isPending && remove.variables === passenger.id}
                  onClick={() => remove.mutate(passenger.id)}
                >
                  {intl.formatMessage({ id: 'account.passengerRemove' }, { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
