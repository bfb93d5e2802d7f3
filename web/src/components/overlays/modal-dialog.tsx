import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { dialogCloseHandlers } from './dialog-close.ts';
import styles from './modal-dialog.module.css';

export interface ModalDialogProps {
  readonly open: boolean;
  /** Called when the visitor closes it: the close button, Escape, or a click on the backdrop. */
  readonly onClose: () => void;
  readonly title: string;
  readonly children: ReactNode;
  /** `sheet` slides in from the start edge (the drawer); `centered` is a dialog box. */
  readonly variant?: 'centered' | 'sheet';
}

/**
 * A modal overlay on the native `<dialog>`: the rest of the page is inert while it is open (focus
 * stays inside), Escape closes it, focus moves into it on opening and back to where it was on
 * closing. Labelled by its title.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  variant = 'centered',
}: ModalDialogProps) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
      element.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    } else if (!open && element.open) {
      element.close();
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    }
  }, [open]);

  useEffect(
    () => () => {
      if (returnFocus.current instanceof HTMLElement && dialog.current?.open) {
        returnFocus.current.focus();
      }
    },
    [],
  );

  return (
    <dialog
      ref={dialog}
      className={variant === 'sheet' ? styles.sheet : styles.centered}
      aria-labelledby={titleId}
      {...dialogCloseHandlers(onClose)}
    >
      {open ? (
        <div className={styles.body}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{intl.formatMessage({ id: 'shell.close' })}</span>
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
