import { describe, expect, it } from 'vitest';
import { ContractValidator } from './helpers/contract.ts';

const document = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' } },
                  required: ['id'],
                },
              },
            },
          },
          '404': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ErrorBody: {
        type: 'object',
        properties: { success: { const: false }, code: { type: 'string' } },
        required: ['success', 'code'],
      },
    },
  },
};

describe('the contract check of every answer in the server tests', () => {
  const validator = new ContractValidator(document);
  const answer = (
    status: number,
    body: unknown,
    routeUrl: string | undefined = '/api/things/:id',
  ) => ({
    method: 'GET',
    routeUrl,
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });

  it('accepts a documented status whose body matches', () => {
    expect(validator.check(answer(200, { id: 7 }))).toBeNull();
    expect(validator.check(answer(404, { success: false, code: 'NOT_FOUND' }))).toBeNull();
  });

  it('refuses an undocumented status, a body that does not match and a route not documented', () => {
    expect(validator.check(answer(409, { success: false, code: 'CONFLICT' }))).toMatch(
      /status is not documented/,
    );
    expect(validator.check(answer(200, { id: 'seven' }))).toMatch(/does not match/);
    expect(validator.check(answer(200, {}, '/api/other'))).toMatch(/not in the OpenAPI document/);
  });

  it('requires the error body from a request no route takes', () => {
    expect(
      validator.check(answer(404, { success: false, code: 'NOT_FOUND' }, undefined)),
    ).toBeNull();
    expect(validator.check(answer(404, { error: 'Not Found' }, undefined))).toMatch(
      /does not match/,
    );
  });
});
