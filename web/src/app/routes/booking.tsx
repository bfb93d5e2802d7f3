import { useLoaderData } from 'react-router';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { BookingDetails } from '../../features/bookings/components/booking-details.tsx';
import { TicketView } from '../../features/bookings/components/ticket-view.tsx';
import { BookingPay } from '../../features/payment/components/pay-page.tsx';

export function BookingPayRoute() {
  const { pnr } = useLoaderData<{ pnr: string }>();
  const { airports } = useRouteNetwork();
  return <BookingPay pnr={pnr} airports={airports} />;
}

export function BookingRoute() {
  const { pnr } = useLoaderData<{ pnr: string }>();
  const { airports } = useRouteNetwork();
  return <BookingDetails pnr={pnr} airports={airports} />;
}

export function TicketRoute() {
  const ticket = useLoaderData<{ pnr: string; flightIndex: number; ticketIndex: number }>();
  const { airports } = useRouteNetwork();
  return <TicketView {...ticket} airports={airports} />;
}
