import { describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockApi } from '../testing/mock-api.ts';
import { MAX_REPORTS_PER_PAGE, reportError } from './error-reporting.ts';
import { installGlobalErrorReporting } from './global-error-reporting.ts';

describe('error reporting', () => {
  it('posts component, trace, info, url and version', async () => {
    const reports: unknown[] = [];
    mockApi({
      'POST /api/error/save': ({ body }) => {
        reports.push(body);
        return json({ success: true });
      },
    });
    await reportError({
      component: 'SearchResults',
      error: new Error('boom'),
      info: 'in <SearchResults>',
    });
    expect(reports).toEqual([
      {
        component: 'SearchResults',
        trace: expect.stringContaining('boom') as unknown,
        info: 'in <SearchResults>',
        url: window.location.href,
        version: '0.7.0',
      },
    ]);
  });

  it('ignores a failed report, sends an identical one once and at most ten per page', async () => {
    const api = mockApi({ 'POST /api/error/save': () => errorBody(429, 'TOO_MANY_REQUESTS') });
    await expect(reportError({ component: 'a', error: 'same' })).resolves.toBeUndefined();
    await reportError({ component: 'a', error: 'same' });
    for (let index = 0; index < 20; index += 1)
      await reportError({ component: 'b', error: `e${index}` });
    expect(api.calls).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('reports uncaught errors and unhandled rejections and tells the app', async () => {
    const reports: { component: string }[] = [];
    mockApi({
      'POST /api/error/save': ({ body }) => {
        reports.push(body as { component: string });
        return json({ success: true });
      },
    });
    const onError = vi.fn();
    const stop = installGlobalErrorReporting(onError);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected');
    window.dispatchEvent(rejection);
    stop();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after'), message: 'after' }));
    await vi.waitFor(() =>
      expect(reports.map((report) => report.component)).toEqual(['window', 'unhandledrejection']),
    );
    expect(onError).toHaveBeenCalledTimes(2);
  });
});
