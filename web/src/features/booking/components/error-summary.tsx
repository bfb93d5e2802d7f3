import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import {
  ErrorSummary as FieldErrorSummary,
  type FieldProblem,
} from '../../../components/ui/error-summary.tsx';
import styles from './choose-flow.module.css';

export type { FieldProblem };

/** The booking flow's {@link FieldErrorSummary}: 'N problems' over its links. */
export function ErrorSummary({
  problems,
  ref,
}: {
  readonly problems: readonly FieldProblem[];
  readonly ref?: Ref<HTMLDivElement>;
}) {
  const intl = useIntl();
  return (
    <FieldErrorSummary
      ref={ref}
      problems={problems}
      heading={intl.formatMessage({ id: 'flow.errors.heading' }, { count: problems.length })}
      headingId="flow-error-summary"
      headingLevel={2}
      className={styles.errorSummary}
      headingClassName={styles.errorSummaryHeading}
    />
  );
}
