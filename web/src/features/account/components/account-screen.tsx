import type { CurrentUser } from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import type { ItineraryAirport } from '../../../components/booking/booking-itinerary.tsx';
import { Screen } from '../../../components/layouts/screen.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import styles from './account.module.css';
import { AvatarForm } from './avatar-form.tsx';
import { EmailForm } from './email-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PriceWatches } from './price-watches.tsx';
import { ProfileForm, type TitleOption } from './profile-form.tsx';
import { SavedPassengers } from './saved-passengers.tsx';

export interface AccountScreenProps {
  readonly user: CurrentUser | null;
  /** The titles a user may choose (Mr., Mrs.), named in the current language. */
  readonly titles: readonly TitleOption[];
  readonly onSignOut: () => void;
  /** The route list's airports, to name the places of the price watches. */
  readonly airports: readonly ItineraryAirport[];
}

/**
 * `/account` (signed in; SPEC §2, §6): the profile (names, title, notification preference), the
 * avatar, the e-mail address, the password, saved passengers, price watches, and signing out.
 */
export function AccountScreen({ user, titles, onSignOut, airports }: AccountScreenProps) {
  const intl = useIntl();
  return (
    <Screen title={intl.formatMessage({ id: 'nav.account' })}>
      {user ? (
        <>
          <div className={styles.card}>
            <Avatar
              firstName={user.firstName}
              lastName={user.lastName}
              src={user.avatar ?? undefined}
              size="xl"
            />
            <div>
              <p className={styles.name}>
                {intl.formatMessage(
                  { id: 'shell.userName' },
                  { firstName: user.firstName, lastName: user.lastName },
                )}
              </p>
              <p>{user.email}</p>
            </div>
            <Button variant="secondary" onClick={onSignOut}>
              {intl.formatMessage({ id: 'nav.signOut' })}
            </Button>
          </div>
          <ProfileForm
            key={`${user.firstName}|${user.lastName}|${user.titleId}`}
            user={user}
            titles={titles}
          />
          <AvatarForm />
          <EmailForm user={user} />
          <PasswordForm />
          <SavedPassengers />
          <PriceWatches airports={airports} />
        </>
      ) : null}
    </Screen>
  );
}
