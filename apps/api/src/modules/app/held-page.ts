import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createGzip } from 'node:zlib';
import type { Locale } from '@substytut/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { createReadCache } from './read-cache.ts';

/**
 * Pages the server renders at request time with the web build's renderer (apps/web
 * entry-server.tsx), sent in two parts: the page in its loading state at once, the page itself
 * once the spec's minimum loading time has passed (web docs/decisions/012-server-rendered-profile-page.md).
 */

/** What /u/{seolink}[?o=] is rendered with: the public profile API's answer for it. */
export interface ProfilePageData {
  seolink: string;
  offerUrl: string | null;
  profile: unknown;
}

export interface ProfilePageRender {
  /** In place of the template's #root: the page while it loads. */
  loading: string;
  /** After it: the page, hydrated by the browser. */
  page: string;
  holdMs: number;
}

/** The part of apps/web/dist-ssr/entry-server.js the server uses. */
export interface ProfilePageRenderer {
  renderProfilePage(url: string, language: Locale, data: ProfilePageData): Promise<ProfilePageRender>;
}

/** dist-ssr/page.html, split where the page goes. */
export interface PageTemplate {
  before: string;
  after: string;
}

const HEAD_PLACEHOLDER = '<!--app-head-->';
const ROOT_PLACEHOLDER = '<div id="root"><!--app-html--></div>';

export interface ServerRenderer {
  renderer: ProfilePageRenderer;
  template: PageTemplate;
}

/**
 * The renderer and template the web build left beside its output (`dist-ssr`), or null when they
 * are missing (a build without them, or the API alone): the pages are then rendered in the browser.
 */
export async function loadServerRenderer(
  ssrDir: string,
  log: FastifyBaseLogger,
): Promise<ServerRenderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  const templateFile = path.join(ssrDir, 'page.html');
  if (!existsSync(entry) || !existsSync(templateFile)) {
    log.warn({ ssrDir }, 'no server renderer in the web build; lawyer pages are rendered in the browser');
    return null;
  }
  const html = readFileSync(templateFile, 'utf8').replace(HEAD_PLACEHOLDER, '');
  const at = html.indexOf(ROOT_PLACEHOLDER);
  if (at === -1) throw new Error(`${templateFile} has no ${ROOT_PLACEHOLDER}`);
  const renderer = (await import(pathToFileURL(entry).href)) as Partial<ProfilePageRenderer>;
  if (typeof renderer.renderProfilePage !== 'function') {
    throw new Error(`${entry} does not export renderProfilePage`);
  }
  return {
    renderer: withRenderCache(renderer as ProfilePageRenderer),
    template: { before: html.slice(0, at), after: html.slice(at + ROOT_PLACEHOLDER.length) },
  };
}

/**
 * Rendering a page takes about 20 ms of CPU: a link shared with many people at once is rendered
 * once a second, not once per visitor. The key holds the data, so a change shows at once.
 */
function withRenderCache(renderer: ProfilePageRenderer): ProfilePageRenderer {
  const cache = createReadCache<ProfilePageRender>({ ttlMs: 1000, max: 100 });
  return {
    renderProfilePage: (url, language, data) =>
      cache.get(`${language}\u0000${url}\u0000${JSON.stringify(data)}`, () =>
        renderer.renderProfilePage(url, language, data),
      ),
  };
}

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends `first` at once and `second` when `holdMs` have passed since the request arrived. The
 * parts are compressed here (the compression plugin would hold the first part back until the
 * end): a sync flush makes the first part readable by the browser on its own.
 */
export function sendHeldPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { first, second, holdMs, status }: { first: string; second: string; holdMs: number; status: number },
): FastifyReply {
  const gzip = acceptsGzip(request);
  const body: PassThrough | ReturnType<typeof createGzip> = gzip ? createGzip() : new PassThrough();
  body.write(first);
  if (gzip) (body as ReturnType<typeof createGzip>).flush(constants.Z_SYNC_FLUSH);
  const wait = Math.max(0, holdMs - reply.elapsedTime);
  const timer = setTimeout(() => {
    if (!body.destroyed) body.end(second);
  }, wait);
  // A visitor who leaves during the wait: nothing more to send.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      clearTimeout(timer);
      body.destroy();
    }
  });
  reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Language, Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(body as Readable);
}
