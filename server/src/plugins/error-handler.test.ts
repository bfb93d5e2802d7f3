import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectApiError } from '../../test/helpers/expect-api-error.ts';
import { ServiceError } from '../lib/service-error.ts';
import { errorHandlerPlugin } from './error-handler.ts';

/** How losing the database shows (node-postgres, the pool, PostgreSQL, SQLite). */
const DATABASE_FAILURES: Record<string, Error> = {
  refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  }),
  reset: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  poolTimeout: new Error('timeout exceeded when trying to connect'),
  terminated: new Error('Connection terminated unexpectedly'),
  adminShutdown: Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  }),
  connectionException: Object.assign(new Error('connection failure'), { code: '08006' }),
  wrapped: new Error('query failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  }),
  sqliteBusy: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
};

describe('error handler', () => {
  let app: FastifyInstance;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const instance = Fastify({
      logger: {
        level: 'error',
        stream: { write: (line: string) => logged.push(JSON.parse(line)) },
      },
    }).withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    await instance.register(errorHandlerPlugin);
    instance.post(
      '/passengers/:id',
      {
        schema: {
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: z.object({
            firstName: z.string().min(1),
            birthDate: z.iso.date(),
            documents: z.array(z.object({ number: z.string().min(3) })),
          }),
        },
      },
      async () => ({ success: true }),
    );
    instance.get('/conflict', async () => {
      throw new ServiceError('CONFLICT', 'already taken', { email: ['already registered'] });
    });
    instance.get<{ Querystring: { kind: string } }>('/database', async (request) => {
      throw DATABASE_FAILURES[request.query.kind] ?? new Error('unknown kind');
    });
    instance.get('/boom', async () => {
      throw new Error('secret database password in a stack trace');
    });
    app = instance;
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers schema violations with 400 and one entry per invalid field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/passengers/7',
      payload: { firstName: '', birthDate: '2024-02-30', documents: [{ number: '1' }] },
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(Object.keys(body.errors).sort()).toEqual([
      'body.birthDate',
      'body.documents.0.number',
      'body.firstName',
    ]);
  });

  it('names the parameter when a path parameter is invalid', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/passengers/abc',
      payload: { firstName: 'Ada', birthDate: '1990-01-01', documents: [] },
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(Object.keys(body.errors)).toEqual(['params.id']);
  });

  it('words every field error for people, in the visitor’s language, without library jargon', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/passengers/7',
      headers: { 'accept-language': 'fr-CH, fr;q=0.9' },
      payload: { firstName: '', birthDate: 'soon', documents: 'none' },
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(body.errors).toEqual({
      'body.firstName': ['Ce champ est obligatoire.'],
      'body.birthDate': ['Saisissez une date valide.'],
      'body.documents': ['Indiquez une liste de valeurs.'],
    });
    const fraction = await app.inject({
      method: 'POST',
      url: '/passengers/1.5',
      headers: { cookie: 'uq_locale=de' },
      payload: {},
    });
    expect(expectApiError(fraction, 400, 'VALIDATION_ERROR').errors).toEqual({
      'params.id': ['Bitte eine ganze Zahl eingeben.'],
    });
    const english = await app.inject({ method: 'POST', url: '/passengers/7', payload: {} });
    expect(expectApiError(english, 400, 'VALIDATION_ERROR').errors).toEqual({
      'body.firstName': ['This field is required.'],
      'body.birthDate': ['This field is required.'],
      'body.documents': ['This field is required.'],
    });
  });

  it.each([
    ['malformed JSON', 400, 'INVALID_JSON', 'application/json', '{"firstName": '],
    ['an unsupported content type', 415, 'UNSUPPORTED_MEDIA_TYPE', 'application/x-unknown', 'x'],
    [
      'a body over the limit',
      413,
      'PAYLOAD_TOO_LARGE',
      'application/json',
      JSON.stringify({ firstName: 'x'.repeat(1_100_000) }),
    ],
  ] as const)('answers %s with %i %s', async (_body, status, code, contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/passengers/7',
      headers: { 'content-type': contentType },
      payload,
    });
    expectApiError(response, status, code);
  });

  it('turns a service error into its status, code and field errors', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    const body = expectApiError(response, 409, 'CONFLICT');
    expect(body.errors).toEqual({ email: ['already registered'] });
  });

  it('hides the details of an unexpected failure and logs it', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    const body = expectApiError(response, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(JSON.stringify(logged)).toContain('secret database password');
  });

  it.each(Object.keys(DATABASE_FAILURES))(
    'answers a database that cannot serve (%s) with 503 DATABASE_UNAVAILABLE and Retry-After',
    async (kind) => {
      const response = await app.inject({ method: 'GET', url: `/database?kind=${kind}` });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect(response.json<{ errors: Record<string, string[]> }>().errors._?.[0]).toMatch(
        /try again/,
      );
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    },
  );
});
