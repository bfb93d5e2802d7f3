import { describe, expect, it } from 'vitest';
import * as timings from './timings.ts';

describe('timings', () => {
  it.each([
    ['SEARCH_STATUS_WAIT_CHECK_MS', 2000],
    ['SEARCH_POLL_RETRY_MS', 100],
    ['SEARCH_STATUS_REQUEST_TIMEOUT_MS', 15000],
    ['CHUNK_LOAD_TIMEOUT_MS', 120000],
    ['HTTP_TIMEOUT_MS', 30000],
    ['SERVICE_WORKER_UPDATE_CHECK_MS', 3600000],
    ['SNACKBAR_DEFAULT_MS', 6000],
    ['SNACKBAR_MS', 4000],
    ['UPDATE_AVAILABLE_PROMPT_MS', 900000],
    ['UPDATE_STATUS_MESSAGE_MS', 5000],
    ['BOOKING_NOTIFICATION_MS', 30000],
    ['AIRPORT_SELECT_DEBOUNCE_MS', 250],
    ['SEAT_HOLD_MS', 900000],
    ['SEARCH_RESULT_EXPIRY_MS', 900000],
  ] as const)('%s = %i ms', (name, ms) => {
    expect(timings[name]).toBe(ms);
  });

  it('has no timing the table above misses', () => {
    expect(Object.keys(timings)).toHaveLength(14);
  });
});
