import type { MessageKey } from '@uniquair/i18n/messages';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { useCityName, type CityName } from '../../../lib/city-names.ts';
import type { FieldProblem } from './error-summary.tsx';
import styles from './choose-flow.module.css';

/** A catalogue message of the flow, with its values, in the UI language. */
export type Say = (id: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The UI language of the flow's views: `intl`, `say` for one of the flow's messages, and
 * `cityName` for a city's name.
 */
export function useFlowIntl(): {
  readonly intl: IntlShape;
  readonly say: Say;
  readonly cityName: CityName;
} {
  const intl = useIntl();
  const cityName = useCityName();
  const say = useCallback<Say>((id, values) => intl.formatMessage({ id }, values), [intl]);
  return { intl, say, cityName };
}

/**
 * What the flow's forms share: every change goes to `onChange` (the flow keeps its state); the
 * errors the server gave at the last booking attempt are set on their fields when the view opens
 * (`fieldOf` names the field of a server path, or null for another view's); and the problems of a
 * submit go to the error summary, which then takes the focus.
 */
export function useFlowForm<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  onChange: (values: Values) => void,
  serverErrors: Readonly<Record<string, string>>,
  fieldOf: (path: string) => Path<Values> | null,
) {
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => onChange(values),
      }),
    [form, onChange],
  );

  useEffect(() => {
    for (const [path, message] of Object.entries(serverErrors)) {
      const field = fieldOf(path);
      if (field !== null) form.setError(field, { message });
    }
    // Only when the view opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (problems.length > 0) summaryRef.current?.focus();
  }, [problems]);

  return { problems, setProblems, summaryRef };
}

/**
 * The row under a view: Back (when there is a previous view), then the view's action: Next
 * unless `children` gives another (or null for none).
 */
export function FlowActions({
  onBack,
  children,
}: {
  readonly onBack?: () => void;
  readonly children?: ReactNode;
}) {
  const { say } = useFlowIntl();
  return (
    <div className={styles.actions}>
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {say('flow.back')}
        </Button>
      ) : null}
      {children === undefined ? <Button type="submit">{say('flow.next')}</Button> : children}
    </div>
  );
}
