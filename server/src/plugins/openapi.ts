import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { APP_VERSION } from '@uniquair/domain/config/app';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import type { RouteAuth } from './auth.ts';
import { SESSION_COOKIE } from './session.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** How callers prove who they are; each operation's `security` names the ones it accepts. */
const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session of a signed-in user, set by sign-in (`__Host-uq_sid` over HTTPS). HttpOnly; browsers send it by themselves.',
  },
  bookingTokens: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Booking-Tokens',
    description:
      'The device booking tokens a browser received when it made bookings, comma-separated: they open those bookings without an account.',
  },
  partnerKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'An airline partner key (`AIRLINE_API_KEYS`).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `METRICS_TOKEN` of the deployment, sent by the metrics scrapers.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** The `security` of each kind of route; `{}` in a list means "or no credentials at all". */
const SECURITY_OF_AUTH: Readonly<Record<RouteAuth, SecurityRequirement[]>> = {
  session: [{ sessionCookie: [] }],
  optionalSession: [{}, { sessionCookie: [] }],
  sessionOrBookingTokens: [{}, { sessionCookie: [] }, { bookingTokens: [] }],
  partnerKey: [{ partnerKey: [] }],
};

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteSchema {
  hide?: boolean;
  operationId?: string;
  security?: SecurityRequirement[];
  headers?: unknown;
  response?: Record<string | number, unknown>;
  [key: string]: unknown;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A stable, unique camelCase id from the method and the path: `GET /api/booking/:pnr/get` →
 * `getBookingByPnrGet`, `POST /api/data/currency/:code/select` → `postDataCurrencyByCodeSelect`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^:([A-Za-z0-9_]+)/.exec(segment);
      const text = parameter ? `by-${parameter[1] ?? ''}` : segment;
      return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map(capitalized)].join('');
}

/** Whether the route's headers schema names the device booking tokens. */
function readsBookingTokens(headers: unknown): boolean {
  const shape = (headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && Object.hasOwn(shape, DEVICE_TOKENS_HEADER);
}

function securityOf(route: RouteOptions, schema: RouteSchema): SecurityRequirement[] {
  const auth = route.config?.auth;
  if (auth !== undefined) return SECURITY_OF_AUTH[auth];
  if (readsBookingTokens(schema.headers)) return SECURITY_OF_AUTH.sessionOrBookingTokens;
  return [];
}

/**
 * The statuses every route of a kind can answer, besides those it declares: 400 (any input may
 * be malformed); 413 and 415 where a body is read, and 403 where other sites are refused; 401
 * where credentials are required; 429 where
 * a rate limit applies; 503 everywhere (the database or a service it needs is unreachable for a
 * moment).
 */
function implicitStatuses(method: string, route: RouteOptions): number[] {
  const statuses = [400, 503];
  if (METHODS_WITH_BODY.has(method)) {
    statuses.push(413, 415);
    // The cross-site request check (csrf.ts) refuses unsafe requests from other sites.
    if (route.config?.csrf?.exempt !== true) statuses.push(403);
  }
  const auth = route.config?.auth;
  if (auth === 'session' || auth === 'partnerKey') statuses.push(401);
  if (route.config?.rateLimit) statuses.push(429);
  return statuses;
}

/**
 * Completes a route's schema for the document: its `operationId`, its `security`, and the error
 * answers it can give whatever its handler does, all with the structured error body.
 */
function completedSchema(route: RouteOptions, schema: RouteSchema): RouteSchema {
  if (schema.hide) return schema;
  const method = [route.method].flat()[0] ?? 'GET';
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of implicitStatuses(method, route)) {
    response[status] ??= ErrorBodySchema satisfies z.ZodType;
  }
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    security: schema.security ?? securityOf(route, schema),
    response,
  };
}

/**
 * The schemas of a body declared per media type (`body: {content: {'application/json': {schema},
 * 'multipart/form-data': {schema}}}`, which Fastify validates by the request's media type), or
 * null for a body of one schema.
 */
function bodiesByMediaType(body: unknown): Record<string, unknown> | null {
  if (body === null || typeof body !== 'object' || !('content' in body)) return null;
  const content = (body as { content: Record<string, { schema: unknown }> }).content;
  return Object.fromEntries(
    Object.entries(content).map(([mediaType, { schema }]) => [mediaType, schema]),
  );
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The document without the component schemas no operation reaches (the input forms of schemas
 * that are only ever answered), so that every schema listed is one a caller meets.
 */
export function withoutUnusedSchemas<Document extends { components?: unknown }>(
  document: Document,
): Document {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas;
  if (schemas === undefined) return document;
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const [, name = ''] of text.matchAll(SCHEMA_REF)) {
      if (used.has(name) || !Object.hasOwn(schemas, name)) continue;
      used.add(name);
      visit(JSON.stringify(schemas[name]));
    }
  };
  visit(JSON.stringify({ ...document, components: { ...components, schemas: {} } }));
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * The OpenAPI 3 document, generated from the zod schemas of `contract/` that the routes declare,
 * served at /api/openapi.json. Operation ids, security and the error answers common to every
 * route of a kind are added here, from the route's method and `config`.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Uniquair API',
          description:
            'Flight search, cheapest-price calendars, bookings, payments, accounts and push notifications. ' +
            'Every error answers with the structured error body `{success: false, code, errors}`: ' +
            '`errors` maps the part of the request at fault (`body.…`, `querystring.…`, `params.…`, ' +
            '`headers.…`, or `_` for the request as a whole) to messages in the visitor’s language.',
          version: APP_VERSION,
        },
        servers: [{ url: options.publicUrl }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: (input) => {
        const schema = completedSchema(input.route, (input.schema ?? {}) as RouteSchema);
        const bodies = bodiesByMediaType(schema.body);
        if (bodies === null) return jsonSchemaTransform({ ...input, schema });
        // A body per media type (JSON, or the same as a multipart form): each schema converted
        // on its own, under its media type.
        const { body: _body, ...rest } = schema;
        const transformed = jsonSchemaTransform({ ...input, schema: rest });
        const content = Object.fromEntries(
          Object.entries(bodies).map(([mediaType, body]) => [
            mediaType,
            { schema: jsonSchemaTransform({ ...input, schema: { body } }).schema.body },
          ]),
        );
        return { ...transformed, schema: { ...transformed.schema, body: { content } } };
      },
      transformObject: (input) =>
        withoutUnusedSchemas(
          jsonSchemaTransformObject(input) as ReturnType<typeof jsonSchemaTransformObject> & {
            components?: unknown;
          },
        ),
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
      return reply.type('application/json').send(app.swagger());
    });
  },
  { name: 'openapi' },
);
