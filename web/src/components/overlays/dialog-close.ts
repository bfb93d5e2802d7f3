import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';

/**
 * The handlers of a modal `<dialog>` that close it through `onClose`, so that React state decides
 * when it is open: the browser's cancel, the Escape key and a click on the backdrop (the dialog
 * element itself, around its content). `stopEscape` keeps Escape from also closing a dialog this
 * one was opened from.
 */
export function dialogCloseHandlers(
  onClose: () => void,
  { stopEscape = false }: { readonly stopEscape?: boolean } = {},
) {
  return {
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (stopEscape) event.stopPropagation();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}
