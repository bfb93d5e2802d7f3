import { useLoaderData } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { AllBookings, FutureBookings } from '../../features/bookings/components/bookings-lists.tsx';

export function BookingsRoute() {
  const { isLogged } = useCurrentUser();
  return <FutureBookings signedIn={isLogged} />;
}

export function AllBookingsRoute() {
  const { page } = useLoaderData<{ page: number }>();
  return <AllBookings page={page} />;
}
