/**
 * Build-time settings of the web app (Vite `VITE_*` variables, README "Configuration"). Each is
 * optional; a value that is not an absolute http(s) URL is treated as unset.
 */

function absoluteUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface WebEnv {
  /** Script of the analytics tracker; none by default. */
  readonly analyticsUrl: string | undefined;
  /** Script of the live-chat widget; none by default. */
  readonly liveChatUrl: string | undefined;
}

export function readWebEnv(source: Readonly<Record<string, unknown>>): WebEnv {
  return {
    analyticsUrl: absoluteUrl(source.VITE_ANALYTICS_URL),
    liveChatUrl: absoluteUrl(source.VITE_LIVE_CHAT_URL),
  };
}

export const env: WebEnv = readWebEnv(import.meta.env);
