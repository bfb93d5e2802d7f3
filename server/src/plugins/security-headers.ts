import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's settings for this app: none of them depend on the request. `thirdPartyOrigins` are the
 * origins of the optional analytics and live-chat scripts, allowed to load scripts, be called and
 * show frames; nothing else outside our origin may.
 */
function helmetOptions(
  secure: boolean,
  thirdPartyOrigins: readonly string[],
  connectOrigins: readonly string[] = [],
): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...thirdPartyOrigins],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...thirdPartyOrigins, ...connectOrigins],
        frameSrc: thirdPartyOrigins.length > 0 ? [...thirdPartyOrigins] : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with these options, worked out once by running it on a stand-in. */
export function securityHeaders(
  secure: boolean,
  thirdPartyOrigins: readonly string[] = [],
  connectOrigins: readonly string[] = [],
): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(helmetOptions(secure, thirdPartyOrigins, connectOrigins))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error instanceof Error) throw error;
    },
  );
  return [...headers];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every response carries, by lower-case name. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Security headers on every response: a strict Content-Security-Policy for the web app (scripts
 * only from our origin, no framing, no plugins), no MIME sniffing, a strict referrer policy, and
 * HSTS plus upgrade-insecure-requests when the public origin is HTTPS. Helmet decides the headers
 * once at start-up; each response then only copies them into the reply's headers, which Node
 * writes with the rest in one pass. A reply that takes over the socket (an event stream) must
 * write `reply.getHeaders()` itself.
 */
export const securityHeadersPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      secure: boolean;
      thirdPartyOrigins?: readonly string[];
      /** Other origins the app's scripts may call: a payment gateway's card tokenisation. */
      connectOrigins?: readonly string[];
    },
  ) => {
    const headers = Object.fromEntries(
      securityHeaders(options.secure, options.thirdPartyOrigins, options.connectOrigins),
    );
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
