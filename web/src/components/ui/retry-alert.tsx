import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './button.tsx';

/** What failed to load, announced as an alert, with a "Try again" button that asks again. */
export function RetryAlert({
  children,
  onRetry,
}: {
  readonly children: ReactNode;
  readonly onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <div role="alert">
      <p>{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        {intl.formatMessage({ id: 'payment.retry' })}
      </Button>
    </div>
  );
}
