import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ece from 'http_ece';

/** One request a push service received. */
export interface ReceivedPush {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** A browser's side of a subscription: the endpoint and the keys only the browser holds. */
export interface BrowserSubscription {
  readonly endpoint: string;
  readonly publicKey: string;
  readonly authToken: string;
  readonly ecdh: ECDH;
  readonly auth: Buffer;
}

/** A browser's subscription as the app's API takes it (the keys are the public ones). */
export function subscriptionPayload(
  browser: Pick<BrowserSubscription, 'endpoint' | 'publicKey' | 'authToken'>,
  contentEncoding: 'aes128gcm' | 'aesgcm' = 'aes128gcm',
) {
  return {
    endpoint: browser.endpoint,
    publicKey: browser.publicKey,
    authToken: browser.authToken,
    contentEncoding,
  };
}

export interface PushReceiver {
  /** `https://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Trusts the receiver's self-signed certificate (for the app's HTTPS agent). */
  readonly agent: Agent;
  readonly received: ReceivedPush[];
  /** The status answered for a path (201 by default). */
  answer(path: string, status: number): void;
  /** A new subscription as a browser makes it: fresh P-256 key pair and auth secret. */
  subscribe(path?: string): BrowserSubscription;
  /** The messages received so far at a subscription's endpoint. */
  receivedBy(subscription: BrowserSubscription): ReceivedPush[];
  /** The plaintext of a received message, decrypted with the browser's keys. */
  decrypt(push: ReceivedPush, subscription: BrowserSubscription): string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'uniquair-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local push service over HTTPS (web-push speaks only HTTPS): it records every message and
 * answers 201, or the status set for a path. Tests decrypt what it received with the
 * subscription's private keys (http_ece), as a browser would.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  let count = 0;
  return {
    origin,
    agent,
    received,
    answer(path, status) {
      answers.set(path, status);
    },
    subscribe(path) {
      count += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${origin}${path ?? `/push/${count}-${randomBytes(6).toString('hex')}`}`,
        publicKey: ecdh.getPublicKey().toString('base64url'),
        authToken: auth.toString('base64url'),
        ecdh,
        auth,
      };
    },
    receivedBy(subscription) {
      return received.filter((push) => subscription.endpoint.endsWith(push.path));
    },
    decrypt(push, subscription) {
      const encoding = String(push.headers['content-encoding']);
      if (encoding === 'aesgcm') {
        const dh = /dh=([^;,\s]+)/.exec(String(push.headers['crypto-key']))?.[1];
        const salt = /salt=([^;,\s]+)/.exec(String(push.headers.encryption))?.[1];
        return ece
          .decrypt(push.body, {
            version: 'aesgcm',
            privateKey: subscription.ecdh,
            authSecret: subscription.auth,
            ...(dh ? { dh } : {}),
            ...(salt ? { salt } : {}),
          })
          .toString('utf8');
      }
      return ece
        .decrypt(push.body, {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        })
        .toString('utf8');
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The claims of a VAPID `Authorization: vapid t=<jwt>, k=<key>` header, signature checked. */
export function vapidClaims(push: ReceivedPush): {
  header: { alg: string; typ: string };
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
} {
  const authorization = String(push.headers.authorization);
  const token = /t=([^,\s]+)/.exec(authorization)?.[1];
  const publicKey = /k=([^,\s]+)/.exec(authorization)?.[1];
  if (!token || !publicKey) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('not a JWT');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
      alg: string;
      typ: string;
    },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
    },
    publicKey,
  };
}
