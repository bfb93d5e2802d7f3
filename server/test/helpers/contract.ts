import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Contract tests: every answer the server's tests receive is checked against the OpenAPI document
 * the same application serves, so the document cannot drift from the code. The operation is found
 * by method and route pattern; its status must be documented, and a JSON body must match the
 * documented schema. A request that no route takes must answer the error body.
 *
 * Not checked, because they are not operations of the API:
 * - routes hidden from the document (`schema.hide`): the document itself, the development mailbox,
 *   the sandbox payment gateway (a stand-in for the provider's own API) and the WebSocket
 *   progress stream;
 * - HEAD requests (the GET they mirror is checked) and a WebSocket upgrade;
 * - bodies that are not JSON (images, event streams, HTML pages, redirects) and answers without a
 *   body (204, 304): only their status is checked.
 */

interface ResponseDocument {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseDocument> }>>;
  components?: { schemas?: Record<string, unknown> };
}

const DOCUMENT_ID = 'https://uniquair.test/openapi.json';

/** One process's validators for one document (every test app serves the same one). */
export class ContractValidator {
  readonly #document: OpenApiDocument;
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  #validator(pointer: string): ValidateFunction {
    let validate = this.#validators.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.#validators.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with an answer, or null when it keeps the contract. */
  check(answer: {
    method: string;
    routeUrl: string | undefined;
    status: number;
    contentType: string;
    body: string;
  }): string | null {
    const what = `${answer.method} ${answer.routeUrl ?? '(no route)'} → ${answer.status}`;
    // A 204 or 304 carries no body on the wire, whatever the handler passed on.
    const bodiless = answer.status === 204 || answer.status === 304;
    const isJson = /^application\/json/.test(answer.contentType) && answer.body !== '' && !bodiless;
    if (answer.routeUrl === undefined) {
      if (answer.status < 400) return null;
      return isJson
        ? this.#match(what, '/components/schemas/ErrorBody', answer.body)
        : `${what}: not the error body`;
    }
    const path = answer.routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '') || '/';
    const operation = this.#document.paths[path]?.[answer.method.toLowerCase()];
    if (operation === undefined) return `${what}: the operation is not in the OpenAPI document`;
    const response = operation.responses?.[String(answer.status)];
    if (response === undefined) return `${what}: the status is not documented`;
    if (!isJson) return null;
    if (response.content?.['application/json']?.schema === undefined) {
      return `${what}: a JSON body where the document names none`;
    }
    const pointer = ['', 'paths', path, answer.method.toLowerCase(), 'responses', answer.status]
      .map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    return this.#match(what, `${pointer}/content/application~1json/schema`, answer.body);
  }

  #match(what: string, pointer: string, body: string): string | null {
    const validate = this.#validator(pointer);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return `${what}: the body is not JSON`;
    }
    if (validate(value)) return null;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`);
    return `${what}: the body does not match the document: ${problems.join('; ')}\n${body.slice(0, 500)}`;
  }
}

const validators = new WeakMap<object, ContractValidator>();
let shared: { text: string; validator: ContractValidator } | undefined;

function validatorOf(app: FastifyInstance): ContractValidator {
  let validator = validators.get(app);
  if (validator === undefined) {
    const document = app.swagger() as unknown as OpenApiDocument;
    const text = JSON.stringify(document);
    if (shared?.text !== text) shared = { text, validator: new ContractValidator(document) };
    validator = shared.validator;
    validators.set(app, validator);
  }
  return validator;
}

function isExcluded(request: FastifyRequest): boolean {
  if (request.method === 'HEAD' || request.headers.upgrade !== undefined) return true;
  const schema = request.routeOptions.schema;
  return schema?.hide === true;
}

/**
 * Checks every answer of `app` against its own OpenAPI document. Call on the bare instance, before
 * any plugin (its hook then applies to every route and sees bodies before compression); `inject`
 * then fails the test that received an answer breaking the contract.
 */
export function enforceContract(app: FastifyInstance): void {
  const problems: string[] = [];
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (!isExcluded(request) && reply.getHeader('content-encoding') === undefined) {
      const problem = validatorOf(app).check({
        method: request.method,
        routeUrl: request.routeOptions.url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body:
          typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : '',
      });
      if (problem !== null) problems.push(problem);
    }
    done(null, payload);
  });

  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = async (...args: unknown[]) => {
    const response = await (inject(...args) as Promise<unknown>);
    if (problems.length > 0) {
      const found = problems.splice(0);
      throw new Error(`The answer breaks the OpenAPI document:\n${found.join('\n')}`);
    }
    return response;
  };
  Object.defineProperty(app, 'inject', {
    configurable: true,
    value: (...args: unknown[]) =>
      args.length === 0 || typeof args.at(-1) === 'function' ? inject(...args) : checked(...args),
  });
}
