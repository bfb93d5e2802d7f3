import type { FastifyServerOptions } from 'fastify';
import { maskLinkTokens } from '../lib/mask-link-tokens.ts';
import type { Config } from './env.ts';

/** Logger settings: request ids on every line, never cookies, credentials or link tokens. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: maskLinkTokens(request.url),
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
