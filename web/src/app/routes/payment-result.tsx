import { useLoaderData } from 'react-router';
import {
  PaymentResult,
  type PaymentOutcome,
} from '../../features/payment/components/payment-result.tsx';

export function PaymentResultRoute() {
  const { pnr, outcome } = useLoaderData<{ pnr: string; outcome: PaymentOutcome }>();
  return <PaymentResult pnr={pnr} outcome={outcome} />;
}
