import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's logger, as Fastify makes it from the app's logger options */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes its pino child (with the request id) only when something is
 * logged at an enabled level. Fastify makes a child per request; building one (its bindings and
 * its redaction) cost more than the rest of the logging of a request that logs nothing, which at
 * the production level (`warn` and above for a request that succeeds) is almost every request
 * (bench/api, decision 057). What is logged is the same: the same child, made on first use.
 */
class LazyRequestLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: LevelAwareLogger,
    readonly bindings: Bindings,
  ) {}

  #child(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings));
  }

  #log(level: Level, args: unknown[]): void {
    if (!this.#made && !this.parent.isLevelEnabled(level)) return;
    const child = this.#child();
    (child[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#child().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.#made
      ? (this.#made as LevelAwareLogger).isLevelEnabled(level)
      : this.parent.isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for the usual request, pino's own child when a
 * route sets its own log level or serializers.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const levelAware = logger as Partial<LevelAwareLogger>;
  if (options.level || options.serializers || typeof levelAware.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger as LevelAwareLogger, bindings) as unknown as FastifyBaseLogger;
};

const infoEnabled = (request: FastifyRequest) =>
  (request.log as Partial<LevelAwareLogger>).isLevelEnabled?.('info') ?? true;

/**
 * Fastify's own lines of every request ("incoming request", "request completed") are at `info`: at
 * the production level they are not written, and now their arguments are not built either (an
 * object, the response time) for each request (bench/api, decision 063). Errors log as before.
 */
export class RequestLines extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (infoEnabled(request)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || infoEnabled(request)) super.requestCompleted(error, request, reply, metadata);
  }
}
