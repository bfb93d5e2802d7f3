import { ChooseFlow } from '../../features/booking/components/choose-flow.tsx';

export function FlowRoute() {
  return <ChooseFlow />;
}
