import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { registerDevMailRoutes } from '../modules/mail/index.ts';
import { createMailer, type Mailer } from '../modules/mail/index.ts';
import { createStorage, type Storage } from '../modules/storage/index.ts';
import { registerStorageRoutes } from '../modules/storage/index.ts';
import { createMovableSystemClock, systemClock, type Clock } from '../modules/app/clock.ts';
import type { Config } from '../modules/app/config.ts';
import { registerAuthentication } from '../modules/app/authenticate.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../modules/app/background.ts';
import { registerCsrf } from '../modules/app/csrf.ts';
import { installErrorHandler, sendFrameworkError } from '../modules/app/error-handler.ts';
import { notFound } from '../modules/app/errors.ts';
import { registerRateLimit } from '../modules/app/rate-limit.ts';
import { registerSecurityHeaders } from '../modules/app/security.ts';
import { registerSystemRoutes } from '../modules/app/system.routes.ts';
import { registerTextGuard } from '../modules/app/text-guard.ts';
import { lazyChildLogger, RequestLines } from '../modules/app/request-logger.ts';
import type { WebApp } from '../modules/app/web-app.ts';
import { frameworkBuildAt, registerFrameworkWebApp } from '../modules/app/web-framework.ts';
import { publicConfigOf } from '../modules/app/system.routes.ts';
import { findUserByToken } from '../modules/auth/index.ts';
import { registerFeatures, webPageMetaResolvers } from './features.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    /** work a request starts and its answer does not wait for; finished before the app closes */
    background: BackgroundTasks;
    /** LISTEN on a database channel (live updates across instances); see Database.listen */
    dbListen: Database['listen'];
  }
}

export interface AppOverrides {
  /** an opened, migrated database; the app closes it when it closes */
  database?: Database;
  clock?: Clock;
  storage?: Storage;
  /** where logs go (default stdout) */
  logStream?: DestinationStream;
  /** extra plugins registered after the built-in routes, before the app is ready */
  plugins?: FastifyPluginAsync[];
}

export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
];

const MB = 1024 * 1024;

/** Builds the whole app, ready for `inject()` or `listen()`; it does not listen. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  return (await composeApp(config, overrides)).app;
}

/**
 * The composition root: the app with every feature service built once (`services`, for the
 * processes around the app: the clock job, and tests).
 */
export async function composeApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      migrationsDir: config.migrationsDir,
    }));

  const loggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
  };
  const app = Fastify({
    ...(overrides.logStream
      ? { logger: { ...loggerOptions, stream: overrides.logStream } }
      : { logger: loggerOptions }),
    genReqId: () => randomUUID(),
    // The request's pino child is made when it first logs (decision 057).
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLines(),
    requestIdHeader: false,
    // Fastify accepts a hop count at run time although its types omit numbers.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: MB,
    // Routes call app.close() on shutdown; in-flight requests finish, new ones get 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: sendFrameworkError,
  });

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The API speaks JSON (and multipart for uploads); a text/plain body is refused with 415.
    app.removeContentTypeParser('text/plain');

    app.decorate('db', database.db);
    app.decorate('config', config);
    // Outside production the clock can be moved forward (POST /api/dev/clock, this machine only).
    app.decorate('clock', overrides.clock ?? (config.isProduction ? systemClock : createMovableSystemClock()));
    app.decorate('storage', overrides.storage ?? createStorage(config));
    app.decorate('mailer', createMailer(database.db, app.clock));
    app.decorate('background', createBackgroundTasks(app.log));
    app.decorate('dbListen', database.listen?.bind(database));
    app.addHook('onClose', async () => {
      await app.background.idle();
      await database.close();
    });

    installErrorHandler(app);
    // The web app's build (decision 016): its prerendered pages' inline scripts are hashed in the CSP.
    const webBuild = frameworkBuildAt(config.webBuildDir);
    registerSecurityHeaders(app, config);
    await app.register(cookie);
    // Answers are compressed; request bodies never are (a compressed one is refused: security.ts).
    await app.register(compress, { threshold: 1024, globalDecompression: false });
    await registerRateLimit(app);
    registerCsrf(app, { secureCookies: config.secureCookies });
    registerTextGuard(app);
    registerAuthentication(app, findUserByToken);

    registerSystemRoutes(app);
    registerStorageRoutes(app, app.storage);
    if (!config.isProduction) registerDevMailRoutes(app, database.db);
    const services = createServices(app);
    await registerFeatures(app, services);
    for (const plugin of overrides.plugins ?? []) await app.register(plugin);

    // The web app is a catch-all route rather than the not-found handler, so route-level hooks
    // such as compression apply to it.
    const pageMetaResolvers = webPageMetaResolvers.map((make) => make(app));
    const web = webBuild
      ? await registerFrameworkWebApp(app, webBuild, {
          pageMetaResolvers,
          publicConfig: () => publicConfigOf(config),
        })
      : notBuilt(app, config.webBuildDir);
    app.get('/*', async (request, reply) => {
      if (await web.handle(request, reply)) return reply;
      throw notFound('route.not_found');
    });
    app.setNotFoundHandler(async () => {
      throw notFound('route.not_found');
    });

    await app.ready();
    return { app, services };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

function notBuilt(app: FastifyInstance, webBuildDir: string): WebApp {
  app.log.warn({ webBuildDir }, 'web app not built; only the API is served');
  return { handle: async () => false };
}
