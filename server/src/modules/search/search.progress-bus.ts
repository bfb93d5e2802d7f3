import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { SearchProgress } from '@uniquair/contract/search';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { OutageLog } from '../../lib/outage-log.ts';
import { watchRedis } from '../../plugins/redis.ts';

export type ProgressListener = (progress: SearchProgress) => void;

/**
 * Carries search progress from the process running a job to every subscriber (DESIGN §5): SSE
 * streams, sockets and waiting requests, in this process and — with Redis — in the others.
 */
export interface ProgressBus {
  /** Whether other processes hear what this one publishes. */
  readonly shared: boolean;
  publish(hash: string, progress: SearchProgress): void;
  /** Listens to one search; the returned function stops listening. */
  subscribe(hash: string, listener: ProgressListener): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter keyed by hash. */
export class LocalProgressBus implements ProgressBus {
  readonly shared: boolean = false;
  protected readonly emitter = new EventEmitter();

  constructor() {
    // One listener per watched search, however many subscribers it has (SearchJobs multiplexes).
    this.emitter.setMaxListeners(0);
  }

  publish(hash: string, progress: SearchProgress): void {
    this.emitter.emit(hash, progress);
  }

  subscribe(hash: string, listener: ProgressListener): () => void {
    this.emitter.on(hash, listener);
    return () => {
      this.emitter.off(hash, listener);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

interface WireMessage {
  /** The publishing process, so it does not deliver its own message twice. */
  o: string;
  s: SearchProgress['status'];
  p: number;
}

/**
 * Several processes: progress is published on a Redis channel per search, and this process
 * subscribes to the channels of the searches someone here is watching. Local subscribers hear
 * local progress at once, without the round trip.
 */
export class RedisProgressBus extends LocalProgressBus {
  override readonly shared: boolean = true;
  readonly #origin = randomUUID();
  readonly #prefix: string;
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #log: FastifyBaseLogger;
  readonly #outage: OutageLog;
  /** Listeners per channel this process is subscribed to. */
  readonly #channels = new Map<string, number>();

  /**
   * `prefix` starts every channel name (`<prefix>search:<hash>`), see REDIS_PREFIX. Connection
   * errors go to the shared outage log (`outage`), and so do failed commands while Redis is out.
   */
  constructor(redis: Redis, log: FastifyBaseLogger, prefix: string, outage: OutageLog) {
    super();
    this.#prefix = `${prefix}search:`;
    this.#publisher = redis;
    this.#log = log;
    this.#outage = outage;
    this.#subscriber = redis.duplicate({
      connectionName: 'uniquair-search-progress',
      lazyConnect: false,
    });
    watchRedis(this.#subscriber, outage, 'search-progress-subscriber');
    this.#subscriber.on('message', (channel: string, text: string) => {
      this.#receive(channel, text);
    });
  }

  override publish(hash: string, progress: SearchProgress): void {
    super.publish(hash, progress);
    const message: WireMessage = { o: this.#origin, s: progress.status, p: progress.progress };
    this.#publisher.publish(this.#prefix + hash, JSON.stringify(message)).catch((error) => {
      this.#warn(error, hash, 'could not publish search progress');
    });
  }

  override subscribe(hash: string, listener: ProgressListener): () => void {
    const unsubscribe = super.subscribe(hash, listener);
    const channel = this.#prefix + hash;
    const count = this.#channels.get(channel) ?? 0;
    this.#channels.set(channel, count + 1);
    if (count === 0) {
      this.#subscriber.subscribe(channel).catch((error) => {
        this.#warn(error, hash, 'could not subscribe to search progress');
      });
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      unsubscribe();
      const left = (this.#channels.get(channel) ?? 1) - 1;
      if (left > 0) {
        this.#channels.set(channel, left);
        return;
      }
      this.#channels.delete(channel);
      this.#subscriber.unsubscribe(channel).catch((error) => {
        this.#warn(error, hash, 'could not unsubscribe from search progress');
      });
    };
  }

  /** A failed command: counted while Redis is out (the outage log says so), else logged. */
  #warn(error: unknown, hash: string, message: string): void {
    if (!this.#outage.absorbs()) this.#log.warn({ err: error, hash }, message);
  }

  /** Resolves once the subscriber connection is ready (for tests and start-up checks). */
  async ready(): Promise<void> {
    if (this.#subscriber.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      this.#subscriber.once('ready', resolve);
      this.#subscriber.once('end', () => reject(new Error('Redis subscriber closed')));
    });
  }

  override async close(): Promise<void> {
    await super.close();
    this.#channels.clear();
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }

  #receive(channel: string, text: string): void {
    if (!channel.startsWith(this.#prefix)) return;
    let message: WireMessage;
    try {
      message = JSON.parse(text) as WireMessage;
    } catch {
      return;
    }
    if (message.o === this.#origin) return;
    const hash = channel.slice(this.#prefix.length);
    this.emitter.emit(hash, { status: message.s, progress: message.p });
  }
}
