/**
 * Set in `localStorage` while support drafts wait on the device (`drafts.ts`), so that the app
 * start opens IndexedDB, and loads the drafts module, only when there is something to send.
 */
const DRAFTS_WAITING_FLAG = 'uniquair.support.draftsWaiting';

export function flagDraftsWaiting(waiting: boolean): void {
  try {
    if (waiting) localStorage.setItem(DRAFTS_WAITING_FLAG, '1');
    else localStorage.removeItem(DRAFTS_WAITING_FLAG);
  } catch {
    // Without storage the drafts are sent when the app looks anyway (see draftsMayWait).
  }
}

/** Whether drafts may wait: true when storage cannot say. */
export function draftsMayWait(): boolean {
  try {
    return localStorage.getItem(DRAFTS_WAITING_FLAG) !== null;
  } catch {
    return true;
  }
}
