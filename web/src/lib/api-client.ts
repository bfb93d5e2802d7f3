import type { ErrorCode } from '@uniquair/contract/error-body';
import { HTTP_TIMEOUT_MS } from '@uniquair/domain/config/timings';

/**
 * The one HTTP client of the web app (DESIGN §2): same-origin JSON requests with the session
 * cookie, a 30 s timeout (SPEC §9), error bodies turned into a typed {@link ApiError}, and every
 * `401`/`ERROR_UNAUTHORIZED` answer announced as an event, so that the app signs the visitor out
 * and sends them to sign-in in one place. Response types come from `contract/` (types only: the
 * schemas stay out of the start-up bundle).
 */

/** Codes of the error envelope, plus the failures that never reached the server's answer. */
export type ApiErrorCode =
  ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no response arrived (offline, timeout). */
    readonly status: number,
    readonly code: ApiErrorCode,
    /** Messages by field path, as the server's error envelope carries them. */
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
    message = `${code} (${status})`,
  ) {
    super(message);
  }

  /** No answer from the server: offline, connection refused or timed out. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Fired on {@link apiEvents} when the server says the visitor is not (or no longer) signed in. */
export const UNAUTHORIZED_EVENT = 'unauthorized';

/** Events of the API client; the app listens, the client never reaches into app state. */
export const apiEvents = new EventTarget();

/** Calls `listener` whenever a request is answered `401`/`ERROR_UNAUTHORIZED`; returns an unsubscribe. */
export function onUnauthorized(listener: () => void): () => void {
  apiEvents.addEventListener(UNAUTHORIZED_EVENT, listener);
  return () => apiEvents.removeEventListener(UNAUTHORIZED_EVENT, listener);
}

export interface ApiRequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Sent as JSON; a `FormData` is sent as a multipart form (file uploads). Unsafe methods always
   * send a body (`{}` when none is given).
   */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /**
   * Whether a `401` announces the sign-out (default true). Off for calls where "not signed in"
   * is an ordinary answer: the current user at start-up, sign-in itself, error reports.
   */
  readonly notifyUnauthorized?: boolean;
}

export interface ApiResponse<T> {
  readonly status: number;
  /** The parsed JSON body; undefined for 204 and 304. */
  readonly data: T | undefined;
  readonly headers: Headers;
}

interface ErrorEnvelope {
  readonly success: false;
  readonly code: string;
  readonly errors?: Record<string, string[]>;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

function fallbackCode(status: number): ApiErrorCode {
  if (status === 401) return 'ERROR_UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return 'HTTP_ERROR';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Sends a request and resolves with the status, parsed body and headers for any 2xx or 304
 * answer. Rejects with an {@link ApiError} for every other status (its code from the error
 * envelope), for a network failure (`NETWORK_ERROR`, status 0), a timeout (`TIMEOUT`, status 0),
 * or a success body that is not JSON (`INVALID_RESPONSE`).
 */
export async function apiFetch<T>(
  path: string,
  {
    method = 'GET',
    body,
    headers,
    signal,
    timeoutMs = HTTP_TIMEOUT_MS,
    notifyUnauthorized = true,
  }: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller);
  const sendsBody = method !== 'GET';
  // A form (file upload) goes as multipart, with the boundary the browser chooses.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(sendsBody && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: isForm ? body : sendsBody ? JSON.stringify(body ?? {}) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', {}, String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.ok || response.status === 304) {
    if (response.status === 204 || response.status === 304) {
      // Read to its (empty) end: a service worker's 304 comes with a body stream, and one left
      // unread is cancelled when the response is collected, which the browser reports as an
      // aborted request (`net::ERR_ABORTED`) although the answer was used.
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, data: undefined, headers: response.headers };
    }
    try {
      const data = (await readJson(response)) as T;
      return { status: response.status, data, headers: response.headers };
    } catch {
      throw new ApiError(response.status, 'INVALID_RESPONSE');
    }
  }

  throw await errorOf(response, notifyUnauthorized);
}

/** The {@link ApiError} of an answer that is not a success (announcing a sign-out if asked). */
async function errorOf(response: Response, notifyUnauthorized: boolean): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch {
    payload = undefined;
  }
  const error = isErrorEnvelope(payload)
    ? new ApiError(
        response.status,
        payload.code as ApiErrorCode,
        payload.errors ?? {},
        `${payload.code} (${response.status})`,
      )
    : new ApiError(response.status, fallbackCode(response.status));
  if (notifyUnauthorized && (response.status === 401 || error.code === 'ERROR_UNAUTHORIZED')) {
    apiEvents.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  return error;
}

/**
 * GET a file (a PDF): resolves with its bytes; rejects with an {@link ApiError} as
 * {@link apiFetch} does (the error body is JSON), `NETWORK_ERROR` when no answer came.
 */
export async function apiGetFile(
  path: string,
  { headers }: Pick<ApiRequestOptions, 'headers'> = {},
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { ...headers } });
  } catch (error) {
    throw new ApiError(0, 'NETWORK_ERROR', {}, String(error));
  }
  if (!response.ok) throw await errorOf(response, true);
  return response.blob();
}

/** GET and resolve with the JSON body. */
export async function apiGet<T>(
  path: string,
  options?: Omit<ApiRequestOptions, 'method' | 'body'>,
) {
  return (await apiFetch<T>(path, options)).data as T;
}

/** POST a JSON body and resolve with the JSON answer. */
export async function apiPost<T>(
  path: string,
  body?: unknown,
  options?: Omit<ApiRequestOptions, 'method' | 'body'>,
) {
  return (await apiFetch<T>(path, { ...options, method: 'POST', body })).data as T;
}
