import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls, standing between the app and something outside it (the database,
 * Redis, the payment gateway), to play the network failing:
 *
 * - `cut()`: open connections are reset and new ones refused (the port stops listening), as when
 *   the server behind goes away; `restore()` lets traffic through again on the same port;
 * - `holdAnswers()`: what comes back from the server is kept, not passed on — the request was
 *   carried out, its answer is in the air; `answersHeld()` resolves when such bytes arrive;
 *   `releaseAnswers()` passes them on.
 */
export interface TcpProxy {
  readonly port: number;
  /** `host:port` of the proxy. */
  readonly address: string;
  /** Connections accepted so far. */
  readonly connections: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  holdAnswers(): void;
  /** Resolves once an answer arrived while answers are held. */
  answersHeld(): Promise<void>;
  releaseAnswers(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  held: Buffer[];
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let holding = false;
  let heldWaiters: (() => void)[] = [];
  let connections = 0;
  let server: Server;
  let port = 0;

  const onConnection = (client: Socket) => {
    connections += 1;
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (holding) {
        pair.held.push(chunk);
        const waiters = heldWaiters;
        heldWaiters = [];
        for (const wake of waiters) wake();
        return;
      }
      client.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => {
      if (pair.held.length === 0) client.end();
    });
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', () => {
      if (pair.held.length === 0) end();
    });
  };

  const listen = async () => {
    server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address !== null) port = address.port;
  };
  await listen();

  const resetAll = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  };

  return {
    get port() {
      return port;
    },
    get address() {
      return `127.0.0.1:${port}`;
    },
    get connections() {
      return connections;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      resetAll();
      await closed;
    },
    async restore() {
      if (server.listening) return;
      await listen();
    },
    holdAnswers() {
      holding = true;
    },
    answersHeld() {
      for (const pair of pairs) if (pair.held.length > 0) return Promise.resolve();
      return new Promise<void>((resolve) => heldWaiters.push(resolve));
    },
    releaseAnswers() {
      holding = false;
      for (const pair of pairs) {
        for (const chunk of pair.held.splice(0)) pair.client.write(chunk);
      }
    },
    async close() {
      const closed = server.listening
        ? new Promise<void>((resolve) => server.close(() => resolve()))
        : Promise.resolve();
      resetAll();
      await closed;
    },
  };
}
