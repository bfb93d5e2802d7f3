import { useLoaderData } from 'react-router';
import {
  BookingDetails,
  BookingPay,
  TicketView,
} from '../../features/booking/components/booking-screens.tsx';

export function BookingPayRoute() {
  const { pnr } = useLoaderData<{ pnr: string }>();
  return <BookingPay pnr={pnr} />;
}

export function BookingRoute() {
  const { pnr } = useLoaderData<{ pnr: string }>();
  return <BookingDetails pnr={pnr} />;
}

export function TicketRoute() {
  const ticket = useLoaderData<{ pnr: string; flightIndex: number; ticketIndex: number }>();
  return <TicketView {...ticket} />;
}
