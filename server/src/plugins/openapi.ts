import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@uniquair/domain/config/app';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The OpenAPI 3 document, generated from the zod schemas of `contract/` that the routes declare,
 * served at /api/openapi.json.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Uniquair API',
          description:
            'Flight search, cheapest-price calendars, bookings, payments, accounts and support. ' +
            'Every error answers with the structured error body `{success: false, code, errors}`.',
          version: APP_VERSION,
        },
        servers: [{ url: options.publicUrl }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
      return reply.type('application/json').send(app.swagger());
    });
  },
  { name: 'openapi' },
);
