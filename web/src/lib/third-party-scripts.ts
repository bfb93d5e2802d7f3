import { isPnr } from '@uniquair/domain/booking/pnr';

/**
 * Third-party scripts (SPEC §7: analytics tracker and live-chat widget). They load only when
 * configured at build time, only after the visitor has agreed, and never on a payment page: a
 * script that is already running when the visitor reaches one is dropped by loading that page
 * afresh (card and account details must not share a page with code we do not control).
 */

export type Consent = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'uniquair.consent';

export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Without storage the answer lasts for this visit only.
  }
}

/** `/booking/{pnr}/pay` and everything under `/payment/`. */
export function isPaymentPath(pathname: string): boolean {
  if (pathname.startsWith('/payment/')) return true;
  const match = /^\/booking\/([^/]+)\/pay\/?$/.exec(pathname);
  return match !== null && isPnr(match[1] ?? '');
}

const loaded = new Set<string>();

/** Whether any third-party script runs in this page. */
export function hasThirdPartyScripts(): boolean {
  return loaded.size > 0;
}

/** Adds an async script for `url` once; returns whether it was added now. */
export function loadThirdPartyScript(url: string, doc: Document = document): boolean {
  if (loaded.has(url)) return false;
  loaded.add(url);
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.head.append(script);
  return true;
}

/** Forgets what was loaded (tests). */
export function resetThirdPartyScripts(): void {
  loaded.clear();
}
