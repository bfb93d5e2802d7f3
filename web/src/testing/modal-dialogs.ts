/**
 * happy-dom opens a `<dialog>` with `showModal()` but leaves the page behind it reachable, where a
 * browser makes it inert: Tab from the last control of a modal dialog never lands on the page. This
 * plays the browser's part for the keyboard tests: Tab and Shift+Tab at the edge of the topmost
 * modal dialog go round to its other end.
 */
const modals: HTMLDialogElement[] = [];

const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function topmostModal(): HTMLDialogElement | undefined {
  for (let index = modals.length - 1; index >= 0; index -= 1) {
    const dialog = modals[index];
    if (dialog?.open && dialog.isConnected) return dialog;
    modals.splice(index, 1);
  }
  return undefined;
}

export function emulateModalDialogs(): void {
  const { prototype } = HTMLDialogElement;
  const showModal = Object.getOwnPropertyDescriptor(prototype, 'showModal')?.value as (
    this: HTMLDialogElement,
  ) => void;
  prototype.showModal = function (this: HTMLDialogElement) {
    showModal.call(this);
    modals.push(this);
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const dialog = topmostModal();
    if (!dialog) return;
    const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = tabbable[0];
    const last = tabbable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    const next = event.shiftKey
      ? active === first || !dialog.contains(active)
        ? last
        : null
      : active === last || !dialog.contains(active)
        ? first
        : null;
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
}
