import { useLoaderData } from 'react-router';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { SharedBookingView } from '../../features/bookings/components/shared-booking.tsx';

export function SharedBookingRoute() {
  const { token } = useLoaderData<{ token: string }>();
  const { airports } = useRouteNetwork();
  return <SharedBookingView token={token} airports={airports} />;
}
