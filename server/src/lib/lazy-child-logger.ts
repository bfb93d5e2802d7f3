import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A parent logger that can say whether a level is on, as pino can. */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a real child of the server's logger (with the request id bound)
 * only when the request first writes a line at an enabled level. Fastify makes a child per request,
 * and binding the request id costs a serialisation through the redaction rules every time; here
 * only requests that log pay it. At `info` every request logs its start and end, so nothing
 * changes; at `warn`, most requests never log and skip the work (performance goal G7).
 */
class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: LevelAwareLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelAwareLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The real child, made on first use. */
  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    const child = this.#real();
    Reflect.apply(child[level], child, args);
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#real().level = level;
  }

  // Methods on the prototype: a request's logger is one small object, not a closure per level.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: request loggers made on first use (see LazyChildLogger). A
 * parent that cannot say which levels are on (not pino) gets its usual child at once.
 */
export function lazyChildLoggerFactory(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (typeof (parent as Partial<LevelAwareLogger>).isLevelEnabled !== 'function') {
    return parent.child(bindings, options);
  }
  return new LazyChildLogger(parent as LevelAwareLogger, bindings, options);
}
