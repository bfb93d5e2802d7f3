import { Agent, request as httpRequest } from 'node:http';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { bodyTextOf, urlOf, type FuzzRequest } from './fuzz-requests.ts';

/** What the fuzzer holds to get past the sign-in and the booking look-ups. */
export interface FuzzCredentials {
  /** `cookie` header of a signed-in session. */
  cookie: string;
  /** Device booking tokens, comma-separated (`X-Booking-Tokens`). */
  tokens: string;
}

export interface FuzzAnswer {
  /** The path and query as sent. */
  url: string;
  /** 0 when no answer came (the connection failed). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Why no answer came. */
  failure?: string;
}

/** Connections kept open between requests, as many as the fuzzer sends at once. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets });
}

/** The server under fuzzing: where it listens, the connections to it, the fixture credentials. */
export interface FuzzTarget {
  base: URL;
  agent: Agent;
  credentials: FuzzCredentials;
}

/**
 * Sends one request over HTTP, as any client would: the parts encoded, the fixture credentials
 * its `credentials` names, and `X-Forwarded-For` naming `client` (the server trusts it in the
 * fuzz run, so per-address limits count each client apart).
 */
export async function send(
  target: FuzzTarget,
  template: string,
  request: FuzzRequest,
  client: string,
): Promise<FuzzAnswer> {
  const first = await sendOnce(target, template, request, client);
  // A kept-alive connection the server closed as it was reused: the request never arrived.
  return first.reusedSocket ? sendOnce(target, template, request, client) : first;
}

function sendOnce(
  { base, agent, credentials }: FuzzTarget,
  template: string,
  request: FuzzRequest,
  client: string,
): Promise<FuzzAnswer & { reusedSocket?: boolean }> {
  const url = urlOf(template, request);
  const text = bodyTextOf(request);
  const headers: Record<string, string> = { ...request.headers, 'x-forwarded-for': client };
  if (request.credentials.startsWith('session')) headers.cookie = credentials.cookie;
  if (request.credentials.endsWith('tokens')) headers[DEVICE_TOKENS_HEADER] = credentials.tokens;
  const payload = text === undefined ? undefined : Buffer.from(text, 'utf8');
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: url,
        headers,
        agent,
        timeout: 30_000,
      },
      (response) => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            url,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) =>
          resolve({ url, status: 0, headers: {}, body: '', failure: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        url,
        status: 0,
        headers: {},
        body: '',
        failure: error.message,
        reusedSocket: req.reusedSocket && error.code === 'ECONNRESET',
      }),
    );
    req.end(payload);
  });
}

/** Text in an error message that a person should never read: library wording, internals. */
const RAW_LIBRARY_TEXT: readonly RegExp[] = [
  /\bInvalid input\b/,
  /\bInvalid (string|option|type|enum value|element|key|union)\b/,
  /\bexpected\b.*\breceived\b/i,
  /\bmust (match|have required|NOT have|be equal to one of)\b/,
  /\bToo (small|big)\b/,
  /\bUnrecognized key/,
  /\bFST_[A-Z_]+/,
  /Unexpected (token|end of JSON|non-whitespace)/,
  /in JSON at position/,
  /Body cannot be empty/,
  /^(Client Error|Bad Request|Not Found|Internal Server Error)$/,
  /\bSQLITE_[A-Z]+/,
  /\bviolates\b.*\bconstraint\b/,
  /Cannot read propert/,
  /is not a function/,
  /\b(querystring|params|body|headers)\/[\w/]*/,
];

/** A regular expression's source in a message: `/^[1-9]\d{0,5}$/`. */
const REGEX_SOURCE = /\/\^|\$\/|\\[dwsb]|\[\^?[A-Za-z0-9]-[A-Za-z0-9]\]/;

/** A stack trace or a source location in a message. */
const STACK = /\n\s*at |\bat [\w.<>]+ \(|\.[cm]?[jt]s:\d+|node_modules/;

/** A field key of the error body: `_`, or where in the request (`body.passengers.0.firstName`). */
const FIELD_KEY = /^(_|(body|params|querystring|query|headers)(\.[^.\s]+)*)$/;
/**
 * Keys that carry an amount rather than a message, documented with their codes: PRICE_INCREASED's
 * `newTotal` and `previousTotal`, CANCELLATION_QUOTE_CHANGED's `newRefund` ([minor units, currency]).
 */
const AMOUNT_KEYS = new Set(['newTotal', 'previousTotal', 'newRefund']);

/** A problem with one answer: a short class name (how failures are grouped) and details. */
export interface Problem {
  problem: string;
  detail: string;
}

/** What is wrong with an answer, by the fuzzer's rules (none for a good answer). */
export function problemsOf(answer: FuzzAnswer): Problem[] {
  if (answer.status === 0) {
    return [{ problem: 'no answer', detail: answer.failure ?? 'connection closed' }];
  }
  if (answer.status >= 500) {
    return [{ problem: `${answer.status}`, detail: answer.body.slice(0, 300) }];
  }
  if (answer.status < 400) return [];
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return [
      {
        problem: `${answer.status} not JSON`,
        detail: `${String(answer.headers['content-type'])}: ${answer.body.slice(0, 200)}`,
      },
    ];
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) {
    return [{ problem: `${answer.status} not the error body`, detail: answer.body.slice(0, 300) }];
  }
  const problems: Problem[] = [];
  const { code, errors } = parsed.data;
  const messages = Object.values(errors).flat();
  if (messages.length === 0 || messages.some((message) => message.trim() === '')) {
    problems.push({ problem: `${answer.status} ${code} without a message`, detail: answer.body });
  }
  for (const key of Object.keys(errors)) {
    if (!FIELD_KEY.test(key) && !AMOUNT_KEYS.has(key)) {
      problems.push({ problem: `${code} field key not a request path`, detail: key });
    }
  }
  for (const message of messages) {
    if (REGEX_SOURCE.test(message)) {
      problems.push({ problem: `${code} message shows a pattern`, detail: message.slice(0, 200) });
    }
    if (STACK.test(message)) {
      problems.push({ problem: `${code} message shows a stack`, detail: message.slice(0, 200) });
    }
    if (RAW_LIBRARY_TEXT.some((pattern) => pattern.test(message))) {
      problems.push({ problem: `${code} raw library message`, detail: message.slice(0, 200) });
    }
  }
  return problems;
}

/** The error code of an answer in the error body, if it is one. */
export function codeOf(answer: FuzzAnswer): string | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(answer.body));
    return parsed.success ? parsed.data.code : undefined;
  } catch {
    return undefined;
  }
}
