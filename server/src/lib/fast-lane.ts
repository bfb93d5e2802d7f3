import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { PreparedAnswer } from './prepared-response.ts';
import { requestId } from './request-id.ts';

/**
 * The answer of a fast-lane route to a request, or undefined when it cannot answer at once (data
 * not cached yet): the request then goes to Fastify like any other.
 */
export type FastAnswer = (request: IncomingMessage) => PreparedAnswer | undefined;

/** What the fast lane takes from the built application. */
export interface FastLaneContext {
  /** Headers every response carries (the security headers). */
  headers: Readonly<Record<string, string>>;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where routes add the answers of their hottest anonymous reads (lib/fast-lane.ts). */
    fastLane: FastLane;
  }
}

/**
 * The hottest public reads answered straight from node:http, ahead of Fastify's routing, hooks
 * and reply (performance goal G7, docs/decisions/004-fast-lane-for-hot-reads.md). Only a plain
 * anonymous GET takes it: an exact path with no query string and no cookies. The answer is the one
 * the Fastify route gives (the same prepared response, the same headers, the request id); anything
 * else — a cookie (a session, a chosen locale or currency), a query, a HEAD, data not cached yet —
 * goes the usual way. The routes register their answers beside their Fastify routes.
 *
 * Fastify's hooks do not run for the requests the lane answers: a global hook that must see every
 * request (metrics, say) has to be mirrored here, or the lane must step aside for it.
 */
export class FastLane {
  readonly #answers = new Map<string, FastAnswer>();
  #context: FastLaneContext | undefined;
  /** Whether requests are logged (level info or finer), as Fastify logs them. */
  #logsRequests = false;

  /** Adds a path (exact, without query) the lane answers. */
  add(path: string, answer: FastAnswer): void {
    this.#answers.set(path, answer);
  }

  /** Starts answering, once the application is built. */
  open(context: FastLaneContext): void {
    this.#context = context;
    const { isLevelEnabled } = context.log as { isLevelEnabled?: (level: string) => boolean };
    this.#logsRequests = isLevelEnabled?.call(context.log, 'info') === true;
  }

  /** Answers the request when it can, and says so; false leaves it untouched for Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const context = this.#context;
    if (
      context === undefined ||
      request.method !== 'GET' ||
      request.headers.cookie !== undefined ||
      request.url === undefined
    ) {
      return false;
    }
    const answerFor = this.#answers.get(request.url);
    if (answerFor === undefined) return false;
    let answer: PreparedAnswer | undefined;
    try {
      answer = answerFor(request);
    } catch (error) {
      // Fastify answers instead, with its error handling.
      context.log.warn({ err: error, url: request.url }, 'fast lane could not answer');
      return false;
    }
    if (answer === undefined) return false;

    const id = requestId(request.headers['x-request-id']);
    const started = this.#logsRequests ? performance.now() : undefined;
    if (started !== undefined) {
      context.log.info(
        { reqId: id, req: { method: 'GET', url: request.url, ip: request.socket.remoteAddress } },
        'incoming request',
      );
    }
    // Object.assign, not spread: copying a dozen long header names by spread costs microseconds.
    const headers: Record<string, string | number> = Object.assign({}, context.headers, {
      'x-request-id': id,
    });
    Object.assign(headers, answer.headers);
    if (answer.body !== undefined) headers['content-length'] = answer.body.length;
    response.writeHead(answer.status, headers);
    response.end(answer.body);
    if (started !== undefined) {
      context.log.info(
        {
          reqId: id,
          res: { statusCode: answer.status },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }
}

/** The server settings Fastify hands its `serverFactory` (its options, defaults applied). */
interface ServerSettings {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same options and timeouts), with
 * the fast lane in front of Fastify's handler.
 */
export function fastLaneServerFactory(
  lane: FastLane,
): (handler: RequestListener, options: Record<string, unknown>) => Server {
  return (handler, options) => {
    const settings = options as ServerSettings;
    const server = createServer(settings.http ?? {}, (request, response) => {
      if (!lane.serve(request, response)) handler(request, response);
    });
    if (settings.keepAliveTimeout !== undefined) {
      server.keepAliveTimeout = settings.keepAliveTimeout;
    }
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
    if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket !== undefined && settings.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    }
    return server;
  };
}
