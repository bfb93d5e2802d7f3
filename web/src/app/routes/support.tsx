import { useLoaderData } from 'react-router';
import { DeskQueue, DeskTicket } from '../../features/support/components/desk-screens.tsx';
import {
  OpenTicket,
  SupportTicket,
  SupportTickets,
} from '../../features/support/components/support-screens.tsx';

export function SupportTicketsRoute() {
  return <SupportTickets />;
}

export function OpenTicketRoute() {
  const { pnr } = useLoaderData<{ pnr: string | null }>();
  return <OpenTicket pnr={pnr} />;
}

export function SupportTicketRoute() {
  const { id } = useLoaderData<{ id: number }>();
  return <SupportTicket id={id} />;
}

export function DeskQueueRoute() {
  return <DeskQueue />;
}

export function DeskTicketRoute() {
  const { id } = useLoaderData<{ id: number }>();
  return <DeskTicket id={id} />;
}
