import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isFinishedStatus, type SearchProgress } from '@uniquair/contract/search';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import type { SearchJobs } from './search.jobs.ts';

export interface ProgressStreamsOptions {
  jobs: SearchJobs;
  log: FastifyBaseLogger;
  /** Most progress streams and sockets one client may hold open at once; 0 for no limit. */
  maxPerClient: number;
  /** How often an open stream is sent a comment (SSE) or ping (WebSocket) to keep it alive. */
  heartbeatMs: number;
  /** Counts the streams open, by transport. */
  metrics: Pick<AppMetrics, 'streamOpened'>;
}

/** Close code of a socket whose hash names no search (an application code, RFC 6455 §7.4.2). */
export const CLOSE_UNKNOWN_SEARCH = 4404;
/** Close code of a socket asked for without a valid hash. */
export const CLOSE_INVALID_REQUEST = 1008;
/** Close code of a socket refused because its client holds too many. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/** Close code of a socket whose search finished; the reason is the final status. */
export const CLOSE_NORMAL = 1000;
/** Close code when the server shuts down. */
export const CLOSE_GOING_AWAY = 1001;

/** Whether `next` says more than `last`: a new status, or more progress. */
function isNews(next: SearchProgress, last: SearchProgress | undefined): boolean {
  if (last === undefined) return true;
  if (next.status !== last.status) return next.status !== 'progress';
  return next.progress > last.progress;
}

/**
 * Feeds one stream the progress of one search: the state now, then every change, then stops at
 * the first finished status (done, error, expired). Subscribes before reading the state now, so
 * nothing between the two is missed; repeats and stale messages are dropped.
 */
class ProgressFeed {
  #last: SearchProgress | undefined;
  #stopped = false;
  readonly #unwatch: () => void;

  constructor(
    jobs: SearchJobs,
    hash: string,
    private readonly send: (progress: SearchProgress) => void,
    private readonly finish: (progress: SearchProgress) => void,
    log: FastifyBaseLogger,
  ) {
    this.#unwatch = jobs.watch(hash, (progress) => this.offer(progress));
    jobs
      .snapshot(hash)
      .then((snapshot) =>
        this.offer(
          snapshot
            ? { status: snapshot.status, progress: snapshot.progress }
            : { status: 'error', progress: 0 },
        ),
      )
      .catch((error: unknown) => {
        log.warn({ err: error, hash }, 'could not read a search for its progress stream');
        this.offer({ status: 'error', progress: 0 });
      });
  }

  offer(progress: SearchProgress): void {
    if (this.#stopped || !isNews(progress, this.#last)) return;
    this.#last = progress;
    this.send(progress);
    if (isFinishedStatus(progress.status)) {
      this.stop();
      this.finish(progress);
    }
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unwatch();
  }
}

interface OpenStream {
  heartbeat(): void;
  close(): void;
}

/**
 * The push transports of search progress (SPEC §4, §7): server-sent events at
 * `/spp/search/ssestatus/{hash}` and a WebSocket at `/sp/search/status?hash=`. Both read the
 * same job state through `SearchJobs.watch`, so a thousand subscribers of one search cost one
 * job, one bus subscription and one poll. One timer keeps every open stream alive, and each
 * client may hold a bounded number open (reference/security-and-reliability.md §9).
 */
export class ProgressStreams {
  readonly #options: ProgressStreamsOptions;
  readonly #open = new Set<OpenStream>();
  readonly #perClient = new Map<string, number>();
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: ProgressStreamsOptions) {
    this.#options = options;
  }

  get openCount(): number {
    return this.#open.size;
  }

  /** Counts a stream against the client; null when it already holds the most allowed. */
  reserve(client: string): (() => void) | null {
    const { maxPerClient } = this.#options;
    const held = this.#perClient.get(client) ?? 0;
    if (maxPerClient > 0 && held >= maxPerClient) return null;
    this.#perClient.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#perClient.get(client) ?? 1) - 1;
      if (left > 0) this.#perClient.set(client, left);
      else this.#perClient.delete(client);
    };
  }

  /**
   * Serves server-sent events on a response taken over from Fastify: `event: progress` with
   * `{status, progress}` as data, a comment now and then, and the end of the response after the
   * finished status. Not compressed, so every event leaves at once.
   */
  serveEvents(
    request: IncomingMessage,
    response: ServerResponse,
    headers: OutgoingHttpHeaders,
    hash: string,
    release: () => void,
  ): void {
    if (request.socket.destroyed) {
      release();
      return;
    }
    const { 'content-length': _length, 'content-encoding': _encoding, ...kept } = headers;
    response.writeHead(200, {
      ...kept,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Reverse proxies (nginx) must pass events on as they come.
      'x-accel-buffering': 'no',
    });
    response.flushHeaders();
    request.socket.setNoDelay(true);
    const feed = new ProgressFeed(
      this.#options.jobs,
      hash,
      (progress) => {
        response.write(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`);
      },
      () => {
        response.end();
      },
      this.#options.log,
    );
    const stream: OpenStream = {
      heartbeat: () => {
        response.write(': keep-alive\n\n');
      },
      close: () => {
        feed.stop();
        if (!response.writableEnded) response.end();
      },
    };
    const closed = this.#options.metrics.streamOpened('sse');
    response.once('close', () => {
      feed.stop();
      this.#remove(stream);
      release();
      closed();
    });
    this.#add(stream);
  }

  /**
   * Serves a WebSocket: one JSON message `{status, progress}` per change, then a normal close
   * whose reason is the finished status.
   */
  serveSocket(socket: WebSocket, hash: string, release: () => void): void {
    socket.on('error', (error) => {
      this.#options.log.debug({ err: error, hash }, 'search progress socket error');
    });
    // Whatever the client says is ignored; it only listens.
    socket.on('message', () => undefined);
    const feed = new ProgressFeed(
      this.#options.jobs,
      hash,
      (progress) => {
        socket.send(JSON.stringify(progress));
      },
      (progress) => {
        socket.close(CLOSE_NORMAL, progress.status);
      },
      this.#options.log,
    );
    const stream: OpenStream = {
      heartbeat: () => {
        socket.ping();
      },
      close: () => {
        feed.stop();
        socket.close(CLOSE_GOING_AWAY, 'server closing');
      },
    };
    const closed = this.#options.metrics.streamOpened('websocket');
    socket.once('close', () => {
      feed.stop();
      this.#remove(stream);
      release();
      closed();
    });
    this.#add(stream);
  }

  /** Ends every open stream and socket (the server is closing). */
  closeAll(): void {
    for (const stream of [...this.#open]) stream.close();
    this.#open.clear();
    this.#stopHeartbeat();
  }

  #add(stream: OpenStream): void {
    this.#open.add(stream);
    if (this.#heartbeat === undefined) {
      this.#heartbeat = setInterval(() => {
        for (const open of this.#open) {
          try {
            open.heartbeat();
          } catch (error) {
            this.#options.log.debug({ err: error }, 'keep-alive of a progress stream failed');
          }
        }
      }, this.#options.heartbeatMs);
      this.#heartbeat.unref();
    }
  }

  #remove(stream: OpenStream): void {
    this.#open.delete(stream);
    if (this.#open.size === 0) this.#stopHeartbeat();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}
