import { createRequire } from 'node:module';
import type { LoggerOptions } from 'pino';
import { maskLinkTokens } from '../lib/mask-link-tokens.ts';
import type { Config } from './env.ts';

/** Where the log goes, as far as its format depends on it. */
export interface LogOutput {
  /** Whether stdout is a terminal; `process.stdout.isTTY` by default. */
  terminal?: boolean;
  /**
   * Where pino-pretty is, or null when it is not installed (a devDependency: production images
   * have none); looked up next to this file by default.
   */
  prettyModule?: () => string | null;
}

function installedPretty(): string | null {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/**
 * The pretty printer's module when the log is read by a person: in development, on a terminal,
 * with pino-pretty installed. Otherwise (production always, tests, a pipe or a file) null: JSON
 * lines. pino-pretty is only looked up when wanted, never required.
 */
export function prettyPrinter(config: Pick<Config, 'env'>, output: LogOutput = {}): string | null {
  if (config.env !== 'development') return null;
  if (!(output.terminal ?? process.stdout.isTTY === true)) return null;
  return (output.prettyModule ?? installedPretty)();
}

/**
 * Logger settings: request ids on every line, never cookies, credentials or link tokens; JSON
 * lines, or human-readable ones on a developer's terminal ({@link prettyPrinter}).
 */
export function loggerOptions(config: Config, output: LogOutput = {}): LoggerOptions {
  const pretty = prettyPrinter(config, output);
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
    ...(pretty === null
      ? {}
      : {
          transport: {
            target: pretty,
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }),
  };
}
