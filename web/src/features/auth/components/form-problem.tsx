import type { MessageKey } from '@uniquair/i18n/messages';
import { useIntl } from 'react-intl';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * What went wrong with a request, as a catalogue key: no answer at all is 'Unable to connect to
 * server, please try again later', too many attempts says so, and anything else is `otherwise`
 * unless `byStatus` names the status.
 */
export function problemOf(
  error: unknown,
  otherwise: MessageKey,
  byStatus: Readonly<Partial<Record<number, MessageKey>>> = {},
): MessageKey {
  if (!isApiError(error)) return otherwise;
  if (error.isNetworkError) return 'auth.unableToConnect';
  if (error.status === 429) return 'auth.tooManyAttempts';
  return byStatus[error.status] ?? otherwise;
}

/** The form's problem, announced to assistive technology as soon as it appears. */
export function FormProblem({ problem }: { readonly problem: MessageKey | null }) {
  const intl = useIntl();
  if (problem === null) return null;
  return (
    <p role="alert" className={screenStyles.problem}>
      {intl.formatMessage({ id: problem })}
    </p>
  );
}
