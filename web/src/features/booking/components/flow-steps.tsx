import type { MessageKey } from '@uniquair/i18n/messages';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { FlowView } from '../flow-views.ts';
import styles from './choose-flow.module.css';

export const VIEW_NAMES: Readonly<Record<FlowView, MessageKey>> = {
  passengers: 'flow.view.passengers',
  contact: 'flow.view.contact',
  extras: 'flow.view.extras',
  summary: 'flow.view.summary',
};

/**
 * Where the traveller is in the flow: 'Step 2 of 4', and the steps with the current one marked
 * (`aria-current="step"`); steps already passed are links back.
 */
export function FlowSteps({
  views,
  current,
}: {
  readonly views: readonly FlowView[];
  readonly current: FlowView;
}) {
  const intl = useIntl();
  const position = views.indexOf(current);
  return (
    <nav className={styles.steps} aria-label={intl.formatMessage({ id: 'flow.steps.label' })}>
      <p className={styles.stepCount}>
        {intl.formatMessage(
          { id: 'flow.steps.count' },
          { step: position + 1, total: views.length },
        )}
      </p>
      <ol className={styles.stepList}>
        {views.map((view, index) => {
          const name = intl.formatMessage({ id: VIEW_NAMES[view] });
          return (
            <li
              key={view}
              className={index === position ? styles.stepCurrent : styles.step}
              aria-current={index === position ? 'step' : undefined}
            >
              {index < position ? (
                <Link to={paths.flow.getHref(view)}>{name}</Link>
              ) : (
                <span>{name}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
