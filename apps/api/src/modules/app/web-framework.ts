import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { publicLinksFromEnv, samePublicLinks, type PublicLinks } from '@substytut/shared/public-defaults';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  asksOnlyForJson,
  prefersEnglish,
  isServerPath,
  withSandboxFlag,
  type PageMetaResolver,
  type WebApp,
} from './web-app.ts';

/**
 * Serves the web app's framework build (apps/web `npm run build:framework`, decision 016):
 * hashed assets and other files of build/client, the pages React Router prerendered there, and
 * every other page through the build's own request handler (build/server), which renders it with
 * React and the data the API's services give its loaders. A thin Fetch bridge: Fastify's request
 * becomes a `Request`, the handler's `Response` is streamed back through Fastify (so compression
 * and the security headers apply).
 */

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;
/** The web app's service worker (apps/web/public/sw.js), at the root so its scope is the site. */
const SERVICE_WORKER_PATH = '/sw.js';

type RequestHandler = (request: Request, context?: unknown) => Promise<Response>;

/** The part of build/server/index.js this server uses. */
interface ServerBuild {
  entry: { module: { createRequestHandler?: (build: unknown, mode?: string) => RequestHandler } };
}

/** The framework build in `buildDir` (its client and server halves), or null when it is not built. */
export function frameworkBuildAt(buildDir: string): string | null {
  return existsSync(path.join(buildDir, 'server', 'index.js')) ? path.resolve(buildDir) : null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function decodedPathname(url: string): string | null {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return pathname.includes('\0') ? null : pathname;
  } catch {
    return null;
  }
}

const PREFIXED = /^\/(pl|en)(\/|$)/;
const NOT_FOUND_PAGE = /^(\/(pl|en))?\/404\/?$/;

/** Whether the visitor reads an unprefixed page in English: the remembered choice, then the browser. */
function wantsEnglish(request: FastifyRequest): boolean {
  const remembered = /(?:^|;\s*)lang=(pl|en)(?:;|$)/.exec(String(request.headers.cookie ?? ''))?.[1];
  return remembered ? remembered === 'en' : prefersEnglish(request.headers['accept-language']);
}

/** Adds a nonce source to the script-src of the CSP this response already carries. */
function withNonce(csp: string, nonce: string): string {
  return csp.replace(
    /(^|;\s*)script-src /,
    (_match, start: string) => `${start}script-src 'nonce-${nonce}' `,
  );
}

function toRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Pages are only read: a HEAD is rendered like a GET and Fastify sends no body.
  return new Request(new URL(request.url, origin), { method: 'GET', headers, signal });
}

async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as WebReadableStream));
}

export interface FrameworkContext {
  pageMetaResolvers: PageMetaResolver[];
  publicConfig: () => unknown;
}

export async function registerFrameworkWebApp(
  app: FastifyInstance,
  buildDir: string,
  { pageMetaResolvers, publicConfig }: FrameworkContext,
): Promise<WebApp> {
  const root = path.join(buildDir, 'client');
  await app.register(fastifyStatic, { root, serve: false, index: false, dotfiles: 'deny' });
  const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const create = build.entry.module.createRequestHandler;
  if (typeof create !== 'function') {
    throw new Error(`${buildDir}/server/index.js: entry.server does not export createRequestHandler`);
  }
  const handler = create(build, app.config.isProduction ? 'production' : 'development');
  const inside = (file: string) => file.startsWith(root + path.sep);
  const origin = app.config.publicUrl;
  // The origin the prerender named in canonical addresses; pages are sent with this server's own.
  const { origin: builtFor, links: builtLinks } = readPrerenderRecord(buildDir);
  // Prerendered pages (and their .data) show the links of the build's configuration: a server
  // configured with other ones renders every page on request, so no link changes address when the
  // app starts.
  const prerenderedUsable = samePublicLinks(builtLinks, {
    bookingUrl: app.config.bookingUrl,
    supportEmail: app.config.supportEmail,
  });
  if (!prerenderedUsable) {
    app.log.warn(
      'the web build was prerendered with another BOOKING_URL or SUPPORT_EMAIL: pages are rendered on request (rebuild with this configuration to send the prerendered files)',
    );
  }

  /** The profile the public profile API answers for /u/{seolink}[?o=], from the same cached read. */
  async function publicProfile(seolink: string, offerUrl: string | null): Promise<unknown> {
    const query = new URLSearchParams(offerUrl ? { o: offerUrl } : {});
    for (const resolve of pageMetaResolvers) {
      const meta = await resolve(`/u/${encodeURIComponent(seolink)}`, query, 'pl');
      if (meta === 'not_found') return null;
      // The lawyer deleted the account: the web app's loader answers 410.
      if (meta === 'gone') return 'gone';
      if (meta?.profilePage) return meta.profilePage.profile;
    }
    return null;
  }

  function servedHtml(raw: string): string {
    const rebased = builtFor && builtFor !== origin ? raw.replaceAll(builtFor, origin) : raw;
    return app.config.sandbox.active ? withSandboxFlag(rebased) : rebased;
  }

  async function sendPrerendered(reply: FastifyReply, file: string, status: number) {
    const html = servedHtml(await readFile(file, 'utf8'));
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  async function render(request: FastifyRequest, reply: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withNonce(csp, nonce));
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    const response = await handler(toRequest(request, origin, abort.signal), {
      nonce,
      publicConfig: publicConfig(),
      publicProfile,
    });
    reply.header('cache-control', 'no-cache');
    // The renderer names the build's origin (import.meta.env.PUBLIC_URL) like the prerendered pages:
    // the whole page is ready when it answers (entry.server.tsx), so it is rebased the same way.
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      return sendResponse(reply, new Response(servedHtml(await response.text()), response));
    }
    return sendResponse(reply, response);
  }

  return {
    async handle(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = decodedPathname(request.url);
      if (pathname === null || isServerPath(pathname)) return false;
      const target = path.resolve(root, `.${pathname}`);
      if (target !== root && !inside(target)) return false;
      const relative = path.relative(root, target);

      if (pathname.startsWith('/assets/')) {
        if (!isFile(target)) return false;
        await reply.sendFile(relative, { maxAge: ONE_YEAR_MS, immutable: true });
        return true;
      }
      const prerenderedData = pathname.endsWith('.data');
      if (isFile(target) && !target.endsWith('.html') && (prerenderedUsable || !prerenderedData)) {
        // Client navigations fetch a prerendered page's data (`/about.data`) the same way.
        // The service worker is asked for again on every visit (issue 32), so a fix reaches
        // browsers at once rather than an hour later.
        const fresh = target.endsWith('.data') || pathname === SERVICE_WORKER_PATH;
        await reply.sendFile(relative, { maxAge: fresh ? 0 : ONE_HOUR_MS });
        return true;
      }
      const prerendered = path.join(target, 'index.html');
      const english = !PREFIXED.test(pathname) && wantsEnglish(request);
      if (!PREFIXED.test(pathname)) reply.header('vary', 'Accept-Language, Cookie');
      // Unprefixed pages are prerendered in Polish; an English visitor gets them rendered anew.
      if (prerenderedUsable && (target === root || inside(prerendered)) && isFile(prerendered) && !english) {
        await sendPrerendered(reply, prerendered, NOT_FOUND_PAGE.test(pathname) ? 404 : 200);
        return true;
      }
      // Pages, their data (`.data`) and the route manifest patches of lazy route discovery; a
      // request that asks only for JSON is an API client's and gets the API's JSON 404.
      if (asksOnlyForJson(request.headers.accept) && !prerenderedData && pathname !== '/__manifest')
        return false;
      await render(request, reply);
      return true;
    },
  };
}

/**
 * What the prerender recorded (apps/web react-router.config.ts): the origin it wrote into
 * canonical addresses and the links its pages show. A build without a record is taken as made
 * with the defaults.
 */
export function readPrerenderRecord(buildDir: string): { origin: string | null; links: PublicLinks } {
  let record: { origin?: unknown; links?: Partial<Record<keyof PublicLinks, unknown>> } = {};
  try {
    record = JSON.parse(
      readFileSync(path.join(buildDir, 'client', 'prerender.json'), 'utf8'),
    ) as typeof record;
  } catch {
    // no record: the defaults
  }
  const defaults = publicLinksFromEnv({});
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  return {
    origin: typeof record.origin === 'string' ? record.origin : null,
    links: {
      bookingUrl: text(record.links?.bookingUrl, defaults.bookingUrl),
      supportEmail: text(record.links?.supportEmail, defaults.supportEmail),
    },
  };
}
