import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import {
  SearchHashParamsSchema,
  SearchInitBodySchema,
  SearchInitResponseSchema,
  SearchResultResponseSchema,
  SearchSocketQuerySchema,
  SearchStatusResponseSchema,
} from '@uniquair/contract/search';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-body.ts';
import { requestLocale } from '../../lib/api-messages.ts';
import { ServiceError } from '../../lib/service-error.ts';
import {
  CLOSE_INVALID_REQUEST,
  CLOSE_TRY_AGAIN_LATER,
  CLOSE_UNKNOWN_SEARCH,
} from './search.progress-streams.ts';
import { websocketPlugin } from '../../plugins/websocket.ts';
import { clientHasVersion, resultEtag, resultLastModified } from './search.result-validators.ts';
import type { DoneSnapshot } from './search.service.ts';
import { keepSearchSubscription } from '../subscriptions/subscriptions.service.ts';

/** Header saying how init found the search: `started`, `joined` (in flight) or `stored`. */
export const SEARCH_JOB_HEADER = 'search-job';

const JSON_TYPE = 'application/json; charset=utf-8';

const NotModifiedSchema = z.null().meta({ description: 'The result the client holds is current' });

/** Sends JSON text as it is (a stored result is never parsed and serialised again). */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_TYPE).send(text);
}

/** The headers Fastify has gathered so far (security headers, request id), as Node takes them. */
function headersOf(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
  }
  return headers;
}

/** Validators of a done result; answers 304 (and true) when the client holds this version. */
function sendValidators(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: DoneSnapshot,
  now: Date,
): boolean {
  reply.header('etag', resultEtag(snapshot));
  reply.header('last-modified', resultLastModified(snapshot));
  if (!clientHasVersion(request.headers, snapshot, now)) return false;
  void reply.code(304).send();
  return true;
}

/** Seconds until a result expires: how long a browser may keep it. */
function secondsLeft(snapshot: DoneSnapshot, now: Date): number {
  const expiresAt = snapshot.expiresAt === null ? now.getTime() : Date.parse(snapshot.expiresAt);
  return Math.max(0, Math.floor((expiresAt - now.getTime()) / 1000));
}

/**
 * The search API (SPEC §4, §7; DESIGN §5): init, polling status, result, and the two push
 * transports of progress — server-sent events and a WebSocket — all reading the same job state.
 * Results are stored JSON, sent as stored (no re-serialising) with `ETag` and `Last-Modified`.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ initsPerMinute: number }> = async (
  app,
  options,
) => {
  const { service, streams } = app.searchEngine;

  app.post(
    '/api/search/init',
    {
      // Searches per client and minute (reference/security-and-reliability.md §9); 429 beyond.
      ...(options.initsPerMinute > 0
        ? { config: { rateLimit: { max: options.initsPerMinute, timeWindow: 60_000 } } }
        : {}),
      schema: {
        tags: ['search'],
        summary: 'Start a search, or join the identical one in flight',
        description:
          'The hash is a digest of the normalised parameters, so identical searches share one ' +
          'job. A done, unexpired search answers `done` with its result and `expiresIn`; a ' +
          'quick search answers `done` at once too. With `If-None-Match` or `If-Modified-Since` ' +
          'matching the done result, answers 304. The `Search-Job` header says whether this ' +
          'call `started` the job, `joined` one in flight or found it `stored`.',
        body: SearchInitBodySchema,
        response: {
          200: SearchInitResponseSchema,
          304: NotModifiedSchema,
          400: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { outcome, snapshot } = await service.init(request.body, requestLocale(request));
      if (request.body.subscription) {
        await keepSearchSubscription(request, request.body.subscription);
      }
      reply.header(SEARCH_JOB_HEADER, outcome).header('cache-control', 'no-store');
      if (snapshot.status === 'done' && snapshot.result !== null && snapshot.finishedAt !== null) {
        const done = snapshot as DoneSnapshot;
        const now = app.now();
        if (sendValidators(request, reply, done, now)) return reply;
        return sendJsonText(
          reply,
          `{"success":true,"hash":"${done.hash}","status":"done","progress":100,` +
            `"expiresIn":${secondsLeft(done, now)},"result":${done.result}}`,
        );
      }
      return reply.send({
        success: true as const,
        hash: snapshot.hash,
        status: snapshot.status,
        progress: snapshot.progress,
      });
    },
  );

  app.get(
    '/api/search/status/:hash',
    {
      schema: {
        tags: ['search'],
        summary: 'Where a search stands (polling)',
        description:
          'Answers at once with `progress` (0–100) and `progress`, `done`, `error` or `expired`.',
        params: SearchHashParamsSchema,
        response: { 200: SearchStatusResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const snapshot = await service.status(request.params.hash);
      return reply.header('cache-control', 'no-store').send({
        success: true as const,
        hash: snapshot.hash,
        status: snapshot.status,
        progress: snapshot.progress,
      });
    },
  );

  app.get(
    '/api/search/result/:hash',
    {
      schema: {
        tags: ['search'],
        summary: 'The result of a done search',
        description:
          'With `ETag` and `Last-Modified`; 304 when `If-None-Match` or `If-Modified-Since` ' +
          'match. 409 SEARCH_NOT_READY while running, 410 SEARCH_EXPIRED once expired, 502 ' +
          'SEARCH_FAILED when the search failed.',
        params: SearchHashParamsSchema,
        response: {
          200: SearchResultResponseSchema,
          304: NotModifiedSchema,
          ...errorResponses(400, 404, 409, 410, 502),
        },
      },
    },
    async (request, reply) => {
      const snapshot = await service.result(request.params.hash);
      const now = app.now();
      reply.header('cache-control', `private, max-age=${secondsLeft(snapshot, now)}`);
      if (sendValidators(request, reply, snapshot, now)) return reply;
      return sendJsonText(
        reply,
        `{"success":true,"hash":"${snapshot.hash}","result":${snapshot.result}}`,
      );
    },
  );

  app.get(
    '/spp/search/ssestatus/:hash',
    {
      // Never compressed: a compressor would hold events back until its buffer fills.
      compress: false,
      schema: {
        tags: ['search'],
        summary: 'Progress of a search as server-sent events',
        description:
          '`text/event-stream`: an event named `progress` with data `{"status","progress"}` now ' +
          'and at every change, comments as keep-alives, and the end of the stream after the ' +
          'finished status (done, error, expired).',
        params: SearchHashParamsSchema,
        response: {
          200: z.string().meta({ description: 'A text/event-stream of `progress` events' }),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      await service.status(hash);
      const release = streams.reserve(request.ip);
      if (!release) {
        throw new ServiceError('TOO_MANY_REQUESTS', 'Too many progress streams', {
          _: ['Too many progress streams are open; poll the status instead'],
        });
      }
      reply.hijack();
      streams.serveEvents(request.raw, reply.raw, headersOf(reply), hash, release);
    },
  );

  // The socket route in a context of its own, so the WebSocket plugin's hooks stay off the others.
  await app.register(async (sockets) => {
    await sockets.register(websocketPlugin);
    sockets.route({
      method: 'GET',
      url: '/sp/search/status',
      schema: { hide: true },
      // A plain HTTP request: the error body, telling the client to open a WebSocket.
      handler: async (_request, reply) => {
        reply.header('upgrade', 'websocket');
        throw new ServiceError('UPGRADE_REQUIRED', 'Open this address as a WebSocket', {
          _: ['Open /sp/search/status?hash=… as a WebSocket'],
        });
      },
      wsHandler: async (socket, request) => {
        const query = SearchSocketQuerySchema.safeParse(request.query);
        if (!query.success) {
          socket.close(CLOSE_INVALID_REQUEST, 'invalid hash');
          return;
        }
        const { hash } = query.data;
        const snapshot = await sockets.searchEngine.jobs.snapshot(hash).catch((error: unknown) => {
          request.log.warn({ err: error, hash }, 'could not read a search for its socket');
          return null;
        });
        if (snapshot === null) {
          socket.close(1011, 'search unavailable');
          return;
        }
        if (snapshot === undefined) {
          socket.close(CLOSE_UNKNOWN_SEARCH, 'unknown search');
          return;
        }
        const release = streams.reserve(request.ip);
        if (!release) {
          socket.close(CLOSE_TRY_AGAIN_LATER, 'too many streams');
          return;
        }
        if (socket.readyState !== socket.OPEN) {
          release();
          return;
        }
        streams.serveSocket(socket, hash, release);
      },
    });
  });
};
