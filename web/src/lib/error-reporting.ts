import { APP_VERSION } from '@uniquair/domain/config/app';
import { apiPost } from './api-client.ts';

/**
 * Client error reporting (SPEC §3 "Error report", §7 `POST /api/error/save`): what failed, its
 * stack, extra information, the page address and the app version. Sending is best effort: a
 * failed report is dropped, never retried, never shown. At most {@link MAX_REPORTS_PER_PAGE}
 * reports leave one page load, and an identical report is sent once.
 */

/** The server keeps at most 10 KB per field; longer texts are cut. */
const MAX_FIELD_LENGTH = 8_000;
export const MAX_REPORTS_PER_PAGE = 10;

export interface ErrorReportInput {
  /** Where it happened: a component, a route, or `window` for global handlers. */
  readonly component: string;
  readonly error: unknown;
  /** Extra information, such as React's component stack. */
  readonly info?: string;
}

const sent = new Set<string>();
let sentCount = 0;

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const cut = (text: string) => text.slice(0, MAX_FIELD_LENGTH);

/** Sends one report; resolves whether or not it arrived. */
export async function reportError({ component, error, info }: ErrorReportInput): Promise<void> {
  const trace = cut(describe(error));
  const key = `${component}\n${trace}`;
  if (sent.has(key) || sentCount >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  sentCount += 1;
  try {
    await apiPost(
      '/api/error/save',
      {
        component: component.slice(0, 200),
        trace,
        info: info === undefined ? null : cut(info),
        url: window.location.href.slice(0, 2048),
        version: APP_VERSION,
      },
      { notifyUnauthorized: false },
    );
  } catch {
    // Failures are ignored (SPEC §7): reporting must never cause a second problem.
  }
}

/** Forgets what was sent (tests). */
export function resetErrorReporting(): void {
  sent.clear();
  sentCount = 0;
}
