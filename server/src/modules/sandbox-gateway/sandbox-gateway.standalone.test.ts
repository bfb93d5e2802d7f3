import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { SandboxGatewayClient } from '../payments/payments.sandbox-client.ts';
import {
  CARDS,
  webhookReceiver,
  type WebhookReceiver,
  type CardToken,
} from '../../../test/helpers/payments.ts';

const ENTRY = fileURLToPath(new URL('./sandbox-gateway.standalone.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the sandbox gateway as a separate process (npm run gateway -w server)', () => {
  let child: ChildProcess;
  let directory: string;
  let receiver: WebhookReceiver;
  let base: string;
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'standalone-gateway-test-secret-0123456789abcdef',
  };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'uniquair-gateway-'));
    receiver = await webhookReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}/sandbox-gateway`;
    child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: {
        ...process.env,
        ...env,
        GATEWAY_PORT: String(port),
        GATEWAY_DATABASE_URL: `sqlite:${join(directory, 'gateway.sqlite')}`,
        PAYMENT_WEBHOOK_URL: receiver.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`gateway did not start:\n${output}`)),
        30_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('sandbox payment gateway listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => reject(new Error(`gateway exited (${code}):\n${output}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('tokenises, charges and sends signed webhooks with the keys the app derives', async () => {
    // The app's configuration with the same SESSION_SECRET, pointed at the separate gateway.
    const config = loadConfig({ ...env, PAYMENT_GATEWAY_URL: base }).paymentGateway;
    const client = new SandboxGatewayClient({
      baseUrl: base,
      publicUrl: config.publicUrl,
      secretKey: config.secretKey,
      publishableKey: config.publishableKey,
      webhookSecret: config.webhookSecret,
      timeoutMs: 5000,
    });
    const { url, publishableKey } = client.cardTokenization();
    expect(url).toBe(`${base}/v1/tokens`);
    const tokenResponse = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        holder: 'Grace Hopper',
        number: CARDS.threeDSecure,
        expMonth: 6,
        expYear: 2031,
        cvc: '321',
      }),
    });
    expect(tokenResponse.status).toBe(200);
    const card = (await tokenResponse.json()) as CardToken;

    const payment = await client.charge({
      attemptKey: randomUUID(),
      method: 'CREDIT_CARD',
      reference: 'SEPARATE',
      amount: 31_400,
      currency: 'GBP',
      card,
      returnUrl: 'http://localhost:3000/payment/SEPARATE',
      locale: 'en',
    });
    expect(payment.status).toBe('requires_action');
    expect(payment.redirectUrl).toMatch(/^http:\/\/localhost:\d+\/sandbox-gateway\/pay\/pay_/);

    const pageUrl = (payment.redirectUrl as string).replace('localhost', '127.0.0.1');
    const answer = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `http://localhost:3000/payment/SEPARATE?payment=${payment.id}`,
    );
    expect((await client.retrieve(payment.id)).status).toBe('succeeded');

    const [delivery] = await receiver.waitFor(1);
    const event = client.verifyWebhook(
      Buffer.from(delivery?.body ?? ''),
      delivery?.headers['uniquair-signature'] as string,
      new Date(),
    );
    expect(event).toMatchObject({ type: 'payment.succeeded', payment: { id: payment.id } });
  });
});
