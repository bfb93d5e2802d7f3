import fc from 'fast-check';
import type { SchemaArbitraries, JsonSchema } from './schema-arbitraries.ts';

/** One operation of the OpenAPI document, as the fuzzer reads it. */
export interface Operation {
  method: string;
  /** The path template, `/api/booking/{pnr}/get`. */
  path: string;
  /** Every method the document gives this path (a wrong method is none of them). */
  pathMethods: readonly string[];
  parameters: {
    in: 'path' | 'query' | 'header' | 'cookie';
    name: string;
    required: boolean;
    schema: JsonSchema;
  }[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation of the served document (its HTTP methods, not `parameters` or `summary`). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const defined = Object.entries(item).filter(([method]) => methods.has(method));
    const pathMethods = defined.map(([method]) => method.toUpperCase());
    return defined.map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathMethods,
      parameters: (operation.parameters ?? []).map((parameter) => ({
        ...parameter,
        required: parameter.required === true,
      })),
      body: operation.requestBody?.content?.['application/json']?.schema,
    }));
  });
}

/** Who the request comes as: nobody, the signed-in fixture account, the fixture booking's device. */
export type Credentials = 'none' | 'session' | 'tokens' | 'session+tokens';

/** A request the fuzzer sends: what it is (valid or which mutation), and its parts before encoding. */
export interface FuzzRequest {
  operation: string;
  kind: string;
  method: string;
  credentials: Credentials;
  pathParams: Record<string, string>;
  /** Path parameters sent as they are (invalid percent-encoding), not encoded. */
  rawPathParams: Record<string, string>;
  query: [string, string][];
  /** Appended to the query string as it is. */
  rawQuery: string;
  headers: Record<string, string>;
  /** A JSON value, or undefined for no body. */
  body: unknown;
  /** Sent as it is instead of `body` (malformed JSON, empty, form data). */
  rawBody: string | undefined;
}

/** Marks a number JSON cannot hold (1e400, 2^53 + 1): written into the JSON text as it is. */
const RAW_NUMBER = '\u0000raw-number:';

/** Percent-encodes text as UTF-8 (a lone surrogate as U+FFFD, as a browser does). */
function encoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The request's path and query string, encoded as a client would (except the raw parts). */
export function urlOf(template: string, request: FuzzRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const raw = request.rawPathParams[name];
    if (raw !== undefined) return raw;
    return encoded(request.pathParams[name] ?? '');
  });
  const query = request.query
    .map(([key, value]) => `${encoded(key)}=${encoded(value)}`)
    .concat(request.rawQuery === '' ? [] : [request.rawQuery])
    .join('&');
  return query === '' ? path : `${path}?${query}`;
}

/** Bytes of the request line and headers, roughly: what Node's header size limit counts. */
export function headSizeOf(template: string, request: FuzzRequest): number {
  return (
    urlOf(template, request).length +
    Object.entries(request.headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length + 4,
      0,
    )
  );
}

/** The request body as sent, with raw numbers written in. */
export function bodyTextOf(request: FuzzRequest): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  if (request.body === undefined) return undefined;
  return JSON.stringify(request.body).replace(
    /"\\u0000raw-number:([^"]+)"/g,
    (_, number: string) => number,
  );
}

/** Header values a client can send (visible Latin-1, no line breaks). */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

type Path = (string | number)[];

/** Every place in a JSON value a mutation can change, the value itself included. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) {
    return here.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  }
  if (value !== null && typeof value === 'object') {
    return here.concat(
      Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])),
    );
  }
  return here;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object'
        ? (current as Record<string | number, unknown>)[key]
        : undefined,
    value,
  );
}

/** A copy of `value` with `replacement` at `path`; `remove` deletes it instead. */
function withAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (remove && rest.length === 0) copy.splice(Number(key), 1);
    else copy[Number(key)] = withAt(copy[Number(key)], rest, replacement, remove);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (remove && rest.length === 0) delete copy[key];
  else copy[key] = withAt(copy[key], rest, replacement, remove);
  return copy;
}

const WRONG_TYPES = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const ODD_UNICODE = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202eevil\u202c',
    '\u200b\u200d\ufeff',
    'Zalgo\u0301\u0302\u0303\u0304\u0305\u0306',
    '𝕌𝕟𝕚𝕢𝕦𝕒𝕚𝕣',
    '👩‍👩‍👧‍👦🏳️‍🌈',
    '\u0085\u2028\u2029',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '../../../../etc/passwd',
    '%00%2e%2e',
    '\r\nX-Injected: 1',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
);

const HUGE_STRING_LENGTHS = fc.constantFrom(600, 10_000, 100_000, 1_100_000);

const HUGE_NUMBERS = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  2 ** 31,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  `${RAW_NUMBER}9007199254740993`,
  `${RAW_NUMBER}1e400`,
  `${RAW_NUMBER}123456789012345678901234567890`,
);

const NEGATIVE_NUMBERS = fc.constantFrom<unknown>(-1, -0.5, -2_147_483_649, -(2 ** 53), 0.000001);

const BAD_PERCENT_ENCODINGS = fc.constantFrom(
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%u0041',
  '%%41',
);

const WRONG_CONTENT_TYPES = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/merge-patch+json',
  '*/*',
  'application',
);

const MALFORMED_BODIES = fc.constantFrom(
  '{"a":',
  '[',
  'nul',
  '{"a":1}}',
  '\ufeff{}',
  '{"__proto__":{"x":1}}',
  '"text"',
  '1',
  'null',
  '[]',
  '{'.repeat(2000),
);

/** The name (and value) parts of a request: where a mutation can change something. */
type Target =
  | { in: 'body'; path: Path }
  | { in: 'path'; name: string }
  | { in: 'query'; index: number }
  | { in: 'header'; name: string };

function targetsOf(request: FuzzRequest): Target[] {
  const body =
    request.body === undefined
      ? []
      : pathsOf(request.body).map((path) => ({ in: 'body' as const, path }));
  return [
    ...body,
    ...Object.keys(request.pathParams).map((name) => ({ in: 'path' as const, name })),
    ...request.query.map((_, index) => ({ in: 'query' as const, index })),
    ...Object.keys(request.headers)
      .filter((name) => name !== 'content-type')
      .map((name) => ({ in: 'header' as const, name })),
  ];
}

/** `request` with the value at `target` replaced (as text outside the body). */
function replaced(request: FuzzRequest, target: Target, value: unknown): FuzzRequest {
  const text =
    typeof value === 'string' ? value.replace(RAW_NUMBER, '') : (JSON.stringify(value) ?? '');
  switch (target.in) {
    case 'body':
      return { ...request, body: withAt(request.body, target.path, value) };
    case 'path':
      return { ...request, pathParams: { ...request.pathParams, [target.name]: text } };
    case 'query':
      return {
        ...request,
        query: request.query.map((entry, index) =>
          index === target.index ? [entry[0], text] : entry,
        ),
      };
    case 'header':
      return { ...request, headers: { ...request.headers, [target.name]: headerSafe(text) } };
  }
}

/** A mutation: its name, and the mutated requests it makes of a valid one. */
type Mutation = (request: FuzzRequest, operation: Operation) => fc.Arbitrary<FuzzRequest>;

function atSomeTarget(
  pick: (target: Target, request: FuzzRequest) => fc.Arbitrary<unknown>,
  prefer?: (value: unknown) => boolean,
): Mutation {
  return (request) => {
    const all = targetsOf(request);
    const preferred = prefer
      ? all.filter((t) => t.in === 'body' && prefer(valueAt(request.body, t.path)))
      : [];
    const targets = preferred.length > 0 ? preferred : all;
    if (targets.length === 0) return fc.constant(request);
    return fc
      .constantFrom(...targets)
      .chain((target) => pick(target, request).map((value) => replaced(request, target, value)));
  };
}

const isNumber = (value: unknown) => typeof value === 'number';
const isString = (value: unknown) => typeof value === 'string';

const MUTATIONS: Record<string, Mutation> = {
  'wrong type': atSomeTarget(() => WRONG_TYPES),
  'missing required field': (request, operation) => {
    const bodyPaths =
      request.body === undefined ? [] : pathsOf(request.body).filter((path) => path.length > 0);
    const requiredQuery = operation.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => p.name);
    const choices: fc.Arbitrary<FuzzRequest>[] = [];
    if (bodyPaths.length > 0) {
      choices.push(
        fc
          .constantFrom(...bodyPaths)
          .map((path) => ({ ...request, body: withAt(request.body, path, undefined, true) })),
      );
    }
    if (requiredQuery.length > 0) {
      choices.push(
        fc
          .constantFrom(...requiredQuery)
          .map((name) => ({ ...request, query: request.query.filter(([key]) => key !== name) })),
      );
    }
    if (operation.body) choices.push(fc.constant({ ...request, body: {} }));
    return choices.length > 0 ? fc.oneof(...choices) : fc.constant(request);
  },
  'huge string': atSomeTarget(
    (target) =>
      HUGE_STRING_LENGTHS.filter((n) => target.in === 'body' || n <= 10_000).map((n) =>
        'é'.repeat(n),
      ),
    isString,
  ),
  'odd unicode': atSomeTarget(() => ODD_UNICODE, isString),
  'invalid percent-encoding': (request) => {
    const names = Object.keys(request.pathParams);
    return fc.tuple(BAD_PERCENT_ENCODINGS, fc.boolean()).chain(([junk, inPath]) => {
      if (inPath && names.length > 0) {
        return fc.constantFrom(...names).map((name) => ({
          ...request,
          rawPathParams: {
            [name]: `${encodeURIComponent(request.pathParams[name] ?? '')}${junk}`,
          },
        }));
      }
      return fc.constant({ ...request, rawQuery: `x=${junk}` });
    });
  },
  'extra fields': (request) =>
    fc
      .dictionary(
        fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'userId', 'status', 'price', 'x'),
        WRONG_TYPES,
        { minKeys: 1, maxKeys: 3 },
      )
      .chain((extra) => {
        const objects =
          request.body === undefined
            ? []
            : pathsOf(request.body).filter((path) => {
                const value = valueAt(request.body, path);
                return value !== null && typeof value === 'object' && !Array.isArray(value);
              });
        if (objects.length === 0) {
          return fc.constant({
            ...request,
            query: [
              ...request.query,
              ...Object.entries(extra).map(([k, v]): [string, string] => [
                k,
                String(JSON.stringify(v)),
              ]),
            ],
          });
        }
        return fc.constantFrom(...objects).map((path) => {
          const at = valueAt(request.body, path) as Record<string, unknown>;
          // Spread copies `__proto__` as an own key, so it is sent as a client's JSON text would.
          return { ...request, body: withAt(request.body, path, { ...at, ...extra }) };
        });
      }),
  'wrong content type': (request) =>
    WRONG_CONTENT_TYPES.map((type) => ({
      ...request,
      rawBody: bodyTextOf(request) ?? 'a=1',
      headers: { ...request.headers, 'content-type': type },
    })),
  'empty body': (request) =>
    fc.constantFrom('', ' ', '\n').map((text) => ({
      ...request,
      rawBody: text,
      headers: { ...request.headers, 'content-type': 'application/json' },
    })),
  'malformed JSON': (request) =>
    MALFORMED_BODIES.map((text) => ({
      ...request,
      rawBody: text,
      headers: { ...request.headers, 'content-type': 'application/json' },
    })),
  'huge number': atSomeTarget(() => HUGE_NUMBERS, isNumber),
  'negative number': atSomeTarget(() => NEGATIVE_NUMBERS, isNumber),
  'garbled credentials': (request) =>
    fc
      .tuple(fc.string({ maxLength: 200 }), fc.constantFrom('cookie', 'x-booking-tokens'))
      .map(([junk, name]) => ({
        ...request,
        credentials: 'none' as const,
        headers: {
          ...request.headers,
          [name]: headerSafe(name === 'cookie' ? `uq_session=${junk}` : junk),
        },
      })),
};

/** Mutations of the framework's own handling, sent less often: they do not depend on the schema. */
const RARE_MUTATIONS: Record<string, Mutation> = {
  'wrong method': (request, operation) =>
    fc
      .constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE')
      .filter((method) => !operation.pathMethods.includes(method))
      .map((method) => ({ ...request, method })),
  'huge header': (request) =>
    fc.constantFrom(20_000, 70_000).map((n) => ({
      ...request,
      headers: { ...request.headers, 'x-fuzz-padding': 'a'.repeat(n) },
    })),
};

export const MUTATION_NAMES = [...Object.keys(MUTATIONS), ...Object.keys(RARE_MUTATIONS)];

/**
 * The requests of one operation: valid ones (values the schemas accept, hints among them) one
 * time in four, otherwise one of the mutations of a valid one.
 */
export function requestsOf(
  operation: Operation,
  arbitraries: SchemaArbitraries,
): fc.Arbitrary<FuzzRequest> {
  const name = `${operation.method} ${operation.path}`;
  const parameter = (where: Operation['parameters'][number]['in']) =>
    operation.parameters.filter((p) => p.in === where);
  const pathParams = fc.record(
    Object.fromEntries(
      parameter('path').map((p) => [p.name, arbitraries.valid(p.schema, p.name).map(String)]),
    ),
  );
  const query = fc
    .tuple(
      ...parameter('query').map((p) =>
        fc
          .tuple(fc.boolean(), arbitraries.valid(p.schema, p.name))
          .map(([include, value]): [string, string][] => {
            if (!p.required && !include) return [];
            const values = Array.isArray(value) ? value : [value];
            return values.map((item) => [
              p.name,
              typeof item === 'string' ? item : JSON.stringify(item),
            ]);
          }),
      ),
    )
    .map((lists) => lists.flat());
  const headers = fc
    .tuple(
      ...parameter('header').map((p) =>
        fc
          .tuple(fc.boolean(), arbitraries.valid(p.schema, p.name))
          .map(([include, value]): [string, string][] =>
            (p.required || include) && typeof value === 'string'
              ? [[p.name, headerSafe(value)]]
              : [],
          ),
      ),
    )
    .map((entries) => Object.fromEntries(entries.flat()));
  const body = operation.body ? arbitraries.valid(operation.body) : fc.constant(undefined);
  const credentials = fc.constantFrom<Credentials>(
    'none',
    'session',
    'session',
    'tokens',
    'session+tokens',
  );
  const valid = fc
    .record({ pathParams, query, headers, body, credentials })
    .map(({ pathParams, query, headers, body, credentials }): FuzzRequest => ({
      operation: name,
      kind: 'valid',
      method: operation.method,
      credentials,
      pathParams,
      rawPathParams: {},
      query,
      rawQuery: '',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
      rawBody: undefined,
    }));
  const mutated = (mutations: Record<string, Mutation>) =>
    fc
      .tuple(valid, fc.constantFrom(...Object.keys(mutations)))
      .chain(([request, kind]) =>
        (mutations[kind] as Mutation)(request, operation).map((changed) => ({ ...changed, kind })),
      );
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: mutated(MUTATIONS), weight: 14 },
    { arbitrary: mutated(RARE_MUTATIONS), weight: 1 },
  );
}
