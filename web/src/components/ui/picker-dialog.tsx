import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { dialogCloseHandlers } from '../overlays/dialog-close.ts';
import styles from './picker-dialog.module.css';

export interface PickerDialogProps {
  /** The id of the field's label, which names the dialog. */
  readonly labelledBy: string;
  /** Escape, the Close button or a click outside: the owner unmounts the dialog. */
  readonly onClose: () => void;
  /** The field the dialog opens under. */
  readonly anchor: RefObject<HTMLElement | null>;
  /** Where focus goes back once the dialog has closed (the button that opened it). */
  readonly returnFocus: RefObject<HTMLElement | null>;
  readonly children: ReactNode;
}

/** Space between the field and the dialog, and the least space kept to the viewport's edges. */
const GAP_PX = 4;

/**
 * The dialog of the date fields (`DatePicker`, the search's route date field), shown while it is
 * mounted: a native modal `<dialog>`, so the page behind is inert and Tab stays inside, with its
 * content and a Close button under it. Escape, Close or a click outside ask the owner to close
 * it; focus then returns to the field. It opens under the field, kept inside the viewport; on
 * small screens it is a sheet at the bottom of the screen.
 */
export function PickerDialog({
  labelledBy,
  onClose,
  anchor,
  returnFocus,
  children,
}: PickerDialogProps) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const field = anchor.current?.getBoundingClientRect();
    // What the content focused itself (the calendar's day) keeps the focus `showModal` moves.
    const focused = document.activeElement;
    element.showModal();
    if (focused instanceof HTMLElement && element.contains(focused)) focused.focus();
    // Under the field, within the window; again whenever the content changes size (the calendar
    // loads after the dialog opens, and shows two months on a wide screen).
    const place = () => {
      if (!field) return;
      const top = Math.min(field.bottom + GAP_PX, window.innerHeight - element.offsetHeight);
      const left = Math.min(field.left, window.innerWidth - element.offsetWidth - GAP_PX);
      element.style.setProperty('--picker-top', `${Math.max(GAP_PX, top)}px`);
      element.style.setProperty('--picker-left', `${Math.max(GAP_PX, left)}px`);
    };
    place();
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    resizes?.observe(element);
    const back = returnFocus.current;
    return () => {
      resizes?.disconnect();
      // Closed first: the field is inert while the modal dialog is open.
      element.close();
      back?.focus();
    };
  }, [anchor, returnFocus]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={labelledBy}
      // Escape closes only this dialog, not one it was opened from (the search editor).
      {...dialogCloseHandlers(onClose, { stopEscape: true })}
    >
      <div className={styles.body}>
        {children}
        <div className={styles.footer}>
          <button type="button" className={styles.closeButton} onClick={onClose}>
            {intl.formatMessage({ id: 'ui.datePicker.close' })}
          </button>
        </div>
      </div>
    </dialog>
  );
}
