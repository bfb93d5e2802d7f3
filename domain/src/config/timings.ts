/**
 * Every timing of SPEC §9 (and the hold and expiry periods of DESIGN §5, §6), in milliseconds.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A progress stream or socket that has not opened after this long is abandoned for the next method. */
export const SEARCH_STATUS_WAIT_CHECK_MS = 2 * SECOND;
/** Pause between two status polls. */
export const SEARCH_POLL_RETRY_MS = 100;
/** Timeout of one `GET /api/search/status/{hash}` request. */
export const SEARCH_STATUS_REQUEST_TIMEOUT_MS = 15 * SECOND;
/** A script chunk that has not loaded after this long raises ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND;
/** Timeout of an ordinary API request. */
export const HTTP_TIMEOUT_MS = 30_000;
/** How often the service worker checks for an update (every 3600 s). */
export const SERVICE_WORKER_UPDATE_CHECK_MS = 3600 * SECOND;
/** How long a snackbar stays by default. */
export const SNACKBAR_DEFAULT_MS = 6 * SECOND;
/** How long the app's snackbars stay, as configured. */
export const SNACKBAR_MS = 4 * SECOND;
/** How long the "update available" prompt stays. */
export const UPDATE_AVAILABLE_PROMPT_MS = 900_000;
/** How long the "downloading" and "latest version" messages stay. */
export const UPDATE_STATUS_MESSAGE_MS = 5 * SECOND;
/** How long a booking notification stays. */
export const BOOKING_NOTIFICATION_MS = 30 * SECOND;
/** Debounce of the searchable airport dropdown. */
export const AIRPORT_SELECT_DEBOUNCE_MS = 250;
/** How long seats stay held for a booking that is not paid yet. */
export const SEAT_HOLD_MS = 15 * MINUTE;
/** Default lifetime of a finished search result before it expires and is re-run. */
export const SEARCH_RESULT_EXPIRY_MS = 15 * MINUTE;
