import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  actionPage,
  donePage,
  hostedPageCsp,
  notFoundPage,
  returnLocation,
} from './sandbox-gateway.pages.ts';
import { SandboxGatewayRepository } from './sandbox-gateway.repository.ts';
import { GatewayError, IDEMPOTENCY_KEY, type StoredAnswer } from './sandbox-gateway.requests.ts';
import { SandboxGatewayService } from './sandbox-gateway.service.ts';
import { WebhookDispatcher } from './sandbox-gateway.webhooks.ts';

/**
 * The sandbox payment gateway as an HTTP service (DESIGN §6, docs/payments.md), mounted under
 * `/sandbox-gateway` in this server or alone in its own process (`npm run gateway -w server`):
 *
 * - `POST /v1/tokens` (publishable key; CORS for the app's origins): card fields → token;
 * - `POST /v1/payments`, `GET /v1/payments/{id}`, `GET /v1/payments?attemptKey=…` (by the
 *   idempotency key it was created with), `POST /v1/payments/{id}/refund` (secret key,
 *   `Idempotency-Key` on every POST);
 * - `POST /v1/test/payments/{id}/settle`, `POST /v1/test/events/{id}/resend` (secret key): the
 *   sandbox's test controls;
 * - `GET|POST /pay/{id}`: the hosted pages (3-D Secure, wallet approval, bank page).
 *
 * Errors answer `{error: {type, code, message, fields?}}`; no answer or log line ever repeats a
 * request body.
 */

/** Switches that make the gateway misbehave, for tests of our resilience (reference CHAOS-3). */
export interface GatewayFaults {
  /** Every API call waits this long before it is handled. */
  apiDelayMs: number;
  /**
   * `server_error`: API calls answer 500 without doing anything; `reset`: the connection is cut
   * before anything is done; `lose_response`: the call is carried out, then the connection is cut
   * before the answer leaves.
   */
  apiFailure: 'none' | 'server_error' | 'reset' | 'lose_response';
  /** Every webhook event is delivered twice. */
  duplicateWebhooks: boolean;
}

export interface SandboxGatewayOptions {
  db: Kysely<Database>;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The gateway as browsers reach it (hosted page links), e.g. `/sandbox-gateway`. */
  publicUrl: string;
  /** Where webhooks go; null while unknown. */
  webhookUrl: () => string | null;
  /** Origins allowed to call the tokenisation endpoint from a browser. */
  allowOrigin: (origin: string) => boolean;
  now: () => Date;
  settleDelayMs: number;
  pollIntervalMs: number;
  webhookMaxAttempts: number;
  webhookRetryDelayMs: number;
  webhookMaxRetryDelayMs: number;
  webhookTimeoutMs: number;
  faults: GatewayFaults;
  log: { warn: (object: object, message: string) => void };
}

export const DEFAULT_GATEWAY_TUNING = {
  pollIntervalMs: 500,
  webhookMaxAttempts: 8,
  webhookRetryDelayMs: 2000,
  webhookMaxRetryDelayMs: 300_000,
  webhookTimeoutMs: 10_000,
} as const;

export function noFaults(): GatewayFaults {
  return { apiDelayMs: 0, apiFailure: 'none', duplicateWebhooks: false };
}

export interface SandboxGateway {
  readonly service: SandboxGatewayService;
  readonly dispatcher: WebhookDispatcher;
  /** Mutable at run time: tests switch faults on and off. */
  readonly faults: GatewayFaults;
  /** The routes, to register under a prefix (`/sandbox-gateway`). */
  routes(app: FastifyInstance): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received (sandbox gateway routes only). */
    gatewayRawBody?: string;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

function keyMatches(given: string | undefined, expected: Buffer): boolean {
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(answer.body);
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

const PAYMENT_ID = /^pay_[0-9a-f]{24}$/;

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const repository = new SandboxGatewayRepository(options.db);
  const service = new SandboxGatewayService(repository, {
    publicUrl: options.publicUrl,
    now: options.now,
    settleDelayMs: options.settleDelayMs,
    onEvent: () => dispatcher.nudge(),
  });
  const dispatcher = new WebhookDispatcher(repository, service, {
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now: options.now,
    pollIntervalMs: options.pollIntervalMs,
    maxAttempts: options.webhookMaxAttempts,
    retryDelayMs: options.webhookRetryDelayMs,
    maxRetryDelayMs: options.webhookMaxRetryDelayMs,
    timeoutMs: options.webhookTimeoutMs,
    duplicate: () => options.faults.duplicateWebhooks,
    log: options.log,
  });
  const secretKey = digest(options.secretKey);
  const publishableKey = digest(options.publishableKey);
  const faults = options.faults;

  async function routes(app: FastifyInstance): Promise<void> {
    // The provider's own API: not part of our OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // Bodies are kept as received (idempotency fingerprints) and parsed here, in this context only.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 65_536 },
      (request, body, done) => {
        const text = body as string;
        request.gatewayRawBody = text;
        if (text.trim() === '') {
          done(null, {});
          return;
        }
        try {
          done(null, JSON.parse(text) as unknown);
        } catch {
          done(
            new GatewayError(
              400,
              'invalid_request_error',
              'invalid_json',
              'The body is not valid JSON',
            ),
            undefined,
          );
        }
      },
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
      if (error instanceof GatewayError) {
        return reply.code(error.status).type('application/json; charset=utf-8').send(error.body());
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const failure = new GatewayError(
          status,
          'invalid_request_error',
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body_too_large' : 'invalid_request',
          status === 415 ? 'Send the body as application/json' : 'The request is not valid',
        );
        return reply.code(status).type('application/json; charset=utf-8').send(failure.body());
      }
      request.log.error({ err: error }, 'sandbox gateway request failed');
      const failure = new GatewayError(
        500,
        'api_error',
        'internal',
        'The gateway failed; retry later',
      );
      return reply.code(500).type('application/json; charset=utf-8').send(failure.body());
    });

    /** Server-to-server calls: the secret key, and the switched-on faults. */
    const secretApi = {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (faults.apiDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, faults.apiDelayMs));
        if (faults.apiFailure === 'reset') {
          request.raw.socket.destroy();
          return reply.hijack();
        }
        if (faults.apiFailure === 'server_error') {
          throw new GatewayError(
            500,
            'api_error',
            'injected_fault',
            'The gateway failed; retry later',
          );
        }
        if (!keyMatches(bearer(request), secretKey)) {
          reply.header('www-authenticate', 'Bearer');
          throw new GatewayError(
            401,
            'authentication_error',
            'invalid_api_key',
            'Invalid or missing secret API key',
          );
        }
      },
      onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
        if (faults.apiFailure === 'lose_response') request.raw.socket.destroy();
        return payload;
      },
    };

    // Card tokenisation, called by browsers on the app's pages.
    const cors = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const origin = request.headers.origin;
      if (origin === undefined) return true;
      if (!options.allowOrigin(origin)) return false;
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      return true;
    };
    app.options('/v1/tokens', async (request, reply) => {
      cors(request, reply);
      return reply
        .code(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .send();
    });
    app.post(
      '/v1/tokens',
      { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!cors(request, reply)) {
          throw new GatewayError(
            403,
            'authentication_error',
            'origin_not_allowed',
            'This origin may not tokenise cards',
          );
        }
        const body = (
          typeof request.body === 'object' && request.body !== null ? request.body : {}
        ) as Record<string, unknown>;
        const key = bearer(request) ?? (typeof body.key === 'string' ? body.key : undefined);
        if (!keyMatches(key, publishableKey)) {
          throw new GatewayError(
            401,
            'authentication_error',
            'invalid_api_key',
            'Invalid or missing publishable key',
          );
        }
        const answer = await service.tokenize({
          holder: body.holder,
          number: body.number,
          expMonth: body.expMonth,
          expYear: body.expYear,
          cvc: body.cvc,
        });
        return reply.code(200).header('cache-control', 'no-store').send(answer);
      },
    );

    app.post('/v1/payments', secretApi, async (request, reply) =>
      sendStored(
        reply,
        await service.createPayment(
          idempotencyKey(request),
          request.gatewayRawBody ?? '',
          request.body,
        ),
      ),
    );

    app.get<{ Querystring: { attemptKey?: unknown } }>(
      '/v1/payments',
      secretApi,
      async (request, reply) => {
        const { attemptKey } = request.query;
        if (typeof attemptKey !== 'string' || !IDEMPOTENCY_KEY.test(attemptKey)) {
          throw new GatewayError(
            400,
            'invalid_request_error',
            'invalid_parameters',
            'Give the attemptKey (the Idempotency-Key the payment was created with)',
          );
        }
        const payment = await service.paymentByAttemptKey(attemptKey);
        return reply.header('cache-control', 'no-store').send(payment);
      },
    );

    app.get<{ Params: { id: string } }>('/v1/payments/:id', secretApi, async (request, reply) => {
      const payment = await service.payment(request.params.id);
      return reply.header('cache-control', 'no-store').send(payment);
    });

    app.post<{ Params: { id: string } }>(
      '/v1/payments/:id/refund',
      secretApi,
      async (request, reply) =>
        sendStored(
          reply,
          await service.refund(
            request.params.id,
            idempotencyKey(request),
            request.gatewayRawBody ?? '',
          ),
        ),
    );

    app.post<{ Params: { id: string } }>(
      '/v1/test/payments/:id/settle',
      secretApi,
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await service.settle(request.params.id)),
    );

    app.post<{ Params: { id: string } }>(
      '/v1/test/events/:id/resend',
      secretApi,
      async (request, reply) => {
        const requeued = await repository.requeueEvent(request.params.id, new Date().toISOString());
        if (!requeued) throw new GatewayError(404, 'not_found', 'event_not_found', 'No such event');
        dispatcher.nudge();
        return reply.code(202).send({ id: request.params.id, queued: true });
      },
    );

    // Hosted pages.
    const html = (reply: FastifyReply, status: number, body: string, csp: string) =>
      reply
        .code(status)
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(body);

    app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      const payment = PAYMENT_ID.test(request.params.id)
        ? await service.paymentRow(request.params.id)
        : undefined;
      if (payment === undefined) return html(reply, 404, notFoundPage(), hostedPageCsp('/'));
      const card = payment.card_token ? await repository.cardToken(payment.card_token) : undefined;
      const page =
        payment.status === 'requires_action' ? actionPage(payment, card) : donePage(payment, card);
      return html(reply, 200, page, hostedPageCsp(payment.return_url));
    });

    app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
      if (!PAYMENT_ID.test(request.params.id))
        return html(reply, 404, notFoundPage(), hostedPageCsp('/'));
      const form = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, unknown>;
      const outcome = typeof form.outcome === 'string' ? form.outcome : '';
      let payment;
      try {
        payment = await service.answerHostedPage(request.params.id, outcome);
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404) {
          return html(reply, 404, notFoundPage(), hostedPageCsp('/'));
        }
        throw error;
      }
      if (payment.status === 'requires_action') {
        // An unknown choice: show the page again.
        const card = payment.card_token
          ? await repository.cardToken(payment.card_token)
          : undefined;
        return html(reply, 400, actionPage(payment, card), hostedPageCsp(payment.return_url));
      }
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', returnLocation(payment.return_url, payment.id))
        .send();
    });
  }

  return { service, dispatcher, faults, routes };
}
