import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import styles from './screen.module.css';

export interface ScreenProps {
  /** The page title (`Uniquair - <title>`) and, unless `heading` is given, the level-1 heading. */
  readonly title: string;
  readonly heading?: string;
  /** A line under the heading. */
  readonly lead?: ReactNode;
  readonly children?: ReactNode;
}

/** The frame of a page: its title, one level-1 heading, and the content. */
export function Screen({ title, heading, lead, children }: ScreenProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.screen} aria-labelledby="screen-heading">
      <h1 id="screen-heading" className={styles.heading}>
        {heading ?? title}
      </h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}

/** A short, honest statement of what is (not) there: an empty list, a missing booking. */
export function EmptyState({
  children,
  action,
}: {
  readonly children: ReactNode;
  readonly action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action}
    </div>
  );
}

/** Shared classes for page content: actions, forms, fields, detail lists. */
export const screenStyles = styles;
