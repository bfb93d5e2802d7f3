import { forwardRef } from 'react';
import { useIntl } from 'react-intl';
import styles from './choose-flow.module.css';

export interface FieldProblem {
  /** The id of the control at fault. */
  readonly fieldId: string;
  /** The field's label and its error, e.g. 'Adult 1, First name: Required'. */
  readonly text: string;
}

/**
 * The problems of a form after a submit: a heading and one link per field, each moving focus to
 * its control. The form focuses it, so a screen reader reads it at once.
 */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { readonly problems: readonly FieldProblem[] }
>(function ErrorSummary({ problems }, ref) {
  const intl = useIntl();
  if (problems.length === 0) return null;
  return (
    <div
      ref={ref}
      className={styles.errorSummary}
      tabIndex={-1}
      role="alert"
      aria-labelledby="flow-error-summary"
    >
      <h2 id="flow-error-summary" className={styles.errorSummaryHeading}>
        {intl.formatMessage({ id: 'flow.errors.heading' }, { count: problems.length })}
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(problem.fieldId)?.focus();
              }}
            >
              {problem.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
