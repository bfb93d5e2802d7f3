import type { Ref } from 'react';

export interface FieldProblem {
  /** The id of the control at fault. */
  readonly fieldId: string;
  /** The field's label and its error, e.g. 'Adult 1, First name: Required'. */
  readonly text: string;
}

export interface ErrorSummaryProps {
  readonly problems: readonly FieldProblem[];
  /** The heading's text. */
  readonly heading: string;
  /** The heading's id; it names the summary. */
  readonly headingId: string;
  /** The heading's level in the page's outline. */
  readonly headingLevel: 2 | 3;
  readonly className?: string;
  readonly headingClassName?: string;
  readonly ref?: Ref<HTMLDivElement>;
}

/**
 * The problems of a form after a submit: a heading and one link per field, each moving focus to
 * its control. The form focuses it, so a screen reader reads it at once. Nothing while there are
 * no problems.
 */
export function ErrorSummary({
  problems,
  heading,
  headingId,
  headingLevel,
  className,
  headingClassName,
  ref,
}: ErrorSummaryProps) {
  if (problems.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div ref={ref} className={className} tabIndex={-1} role="alert" aria-labelledby={headingId}>
      <Heading id={headingId} className={headingClassName}>
        {heading}
      </Heading>
      <ul>
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              onClick={(event) => {
                // The address's hash belongs to the overlays: move focus only.
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
}
