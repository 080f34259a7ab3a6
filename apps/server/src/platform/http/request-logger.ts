import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** pino's loggers answer whether a level is written; another logger is asked nothing (a child at once). */
type Parent = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its pino child (the request id bound, its bindings serialised) only
 * when something logs at a level the parent writes: Fastify made one on every request (about 1 % of
 * a balance call, issue 23), and a request that logs nothing (every request when LOG_LEVEL is above
 * info) needs none. What it writes is what the child would have written: the same child, later.
 */
export class RequestLogger {
  readonly #parent: Parent;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Parent, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** Whether the pino child has been made (tests). */
  get made(): boolean {
    return this.#child !== undefined;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #log(level: Level, args: unknown[]) {
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  // Methods on the prototype, not arrow fields: nothing is allocated for a request that logs nothing.
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy request logger, or pino's child at once when the route sets
 * its own level or serialisers (the child's level is then not the parent's).
 */
export const requestChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level !== undefined ||
  options.serializers !== undefined ||
  typeof (logger as Parent).isLevelEnabled !== 'function'
    ? logger.child(bindings, options)
    : (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
