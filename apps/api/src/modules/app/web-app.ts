import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Locale } from '@substytut/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadServerRenderer, sendHeldPage, type ProfilePageData, type ServerRenderer } from './held-page.ts';
import { isKnownClientRoute, isNotFoundRoute } from './web-routes.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;

/** Paths owned by the server, never answered with the web app. */
export function isServerPath(pathname: string): boolean {
  return /^\/(api|storage|dev)(\/|$)/.test(pathname);
}

function decodedPathname(url: string): string | null {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return pathname.includes('\0') ? null : pathname;
  } catch {
    return null;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function readBuildOrigin(root: string): string | null {
  try {
    const { origin } = JSON.parse(readFileSync(path.join(root, 'prerender.json'), 'utf8')) as {
      origin?: unknown;
    };
    return typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/** Head tags a server-side page answer carries, so link previews and crawlers see them without JavaScript. */
export interface PageMeta {
  title: string;
  description: string;
  /** absolute URLs */
  url: string;
  image: string;
  type?: string;
  /** The page is rendered by the server with this (held-page.ts), when the build has a renderer. */
  profilePage?: ProfilePageData;
}

/**
 * Gives the head tags of a client route whose content lives in the database (e.g. /u/{seolink}).
 * null: not this resolver's route; 'not_found': its route, but nothing there (answered with 404).
 */
export type PageMetaResolver = (
  pathname: string,
  query: URLSearchParams,
  language: Locale,
) => Promise<PageMeta | 'not_found' | null>;

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The shell with the page's head tags added before </head>. Only text and attributes are added,
 * never a script, so the CSP hashes of the shell's inline scripts stay valid. The tags are marked
 * like the prerendered pages' head tags, so the web app drops them when it renders its own
 * (otherwise every tag would be there twice).
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const e = escapeAttribute;
  const tags = [
    `<title data-prerendered-head>${e(meta.title)}</title>`,
    `<meta data-prerendered-head name="description" content="${e(meta.description)}">`,
    `<link data-prerendered-head rel="canonical" href="${e(meta.url)}">`,
    `<meta data-prerendered-head property="og:type" content="${e(meta.type ?? 'profile')}">`,
    `<meta data-prerendered-head property="og:title" content="${e(meta.title)}">`,
    `<meta data-prerendered-head property="og:description" content="${e(meta.description)}">`,
    `<meta data-prerendered-head property="og:url" content="${e(meta.url)}">`,
    `<meta data-prerendered-head property="og:image" content="${e(meta.image)}">`,
    '<meta data-prerendered-head name="twitter:card" content="summary_large_image">',
  ].join('');
  const at = html.search(/<\/head>/i);
  return at === -1 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

/**
 * Flags a page answered while a sandbox adapter is active: its CSS then shows the sandbox marker,
 * which is part of every page's markup, in room kept from the first paint (web decision 010).
 */
export function withSandboxFlag(html: string): string {
  // Appended after the element's own attributes: `<html lang="pl"` stays as crawlers and tests read it.
  return html.replace(/<html(\s[^>]*)?>/i, (_tag, attributes = '') => `<html${attributes} data-sandbox>`);
}

/** The language an address names by its prefix (/pl/…, /en/…), or null when it names none. */
function prefixLanguage(pathname: string): Locale | null {
  const prefix = /^\/(pl|en)(\/|$)/.exec(pathname)?.[1];
  return prefix === 'pl' || prefix === 'en' ? prefix : null;
}

export interface WebApp {
  /** Answers GET/HEAD for the web app; false when the request is not the web app's to answer. */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Whether a browser's Accept-Language prefers English to Polish, read the way the web app reads
 * navigator.languages (the first supported language wins; Polish when neither is named).
 */
export function prefersEnglish(acceptLanguage: string | undefined): boolean {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = tags.find((t) => t.base === 'pl' || t.base === 'en');
  return first?.base === 'en';
}

/**
 * Serves the built web app: hashed assets cached forever, other files briefly, prerendered pages
 * where the build made them, and the app shell for client routes (status 404 for unknown paths,
 * so crawlers and monitors see the truth while the browser still gets the not-found page).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  pageMetaResolvers: PageMetaResolver[] = [],
  // The build's server renderer sits beside its output (apps/web scripts/prerender.mjs).
  ssrDir: string = path.join(path.resolve(webDistDir), '..', 'dist-ssr'),
): Promise<WebApp> {
  const root = path.resolve(webDistDir);
  const available = existsSync(path.join(root, 'index.html'));
  if (!available) {
    app.log.warn({ webDistDir: root }, 'web app not built; only the API is served');
    return { handle: async () => false };
  }
  await app.register(fastifyStatic, { root, serve: false, index: false, dotfiles: 'deny' });

  const inside = (file: string) => file.startsWith(root + path.sep);
  // The build prerenders the home page into index.html; routes without a prerendered page get the
  // empty shell instead, so they never flash the home page's content before the app takes over.
  const shell = existsSync(path.join(root, 'spa.html'))
    ? path.join(root, 'spa.html')
    : path.join(root, 'index.html');

  // Prerendered pages name the origin they were built for (dist/prerender.json); they are sent
  // with the configured PUBLIC_URL instead, so canonical and alternate addresses match the host.
  const builtFor = readBuildOrigin(root);
  const publicUrl = app.config.publicUrl;
  const server: ServerRenderer | null = await loadServerRenderer(ssrDir, app.log);

  /** The build's HTML as this server sends it: its own origin, the sandbox flag. */
  function servedHtml(raw: string): string {
    const rebased = builtFor && builtFor !== publicUrl ? raw.replaceAll(builtFor, publicUrl) : raw;
    return app.config.sandbox.active ? withSandboxFlag(rebased) : rebased;
  }

  async function sendHtml(reply: FastifyReply, file: string, status: number, meta?: PageMeta) {
    const html = servedHtml(await readFile(file, 'utf8'));
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(meta ? withPageMeta(html, meta) : html);
  }

  // The template's start as this server sends it, worked out once (it holds the whole stylesheet).
  const renderedPageStart = server ? servedHtml(server.template.before) : '';

  async function sendRenderedPage(
    request: FastifyRequest,
    reply: FastifyReply,
    { renderer, template }: ServerRenderer,
    meta: PageMeta,
    profilePage: ProfilePageData,
    language: Locale,
  ) {
    // Only what the page reads of its address, so other parameters (a campaign tag, or random ones
    // sent to miss the render cache) render nothing new.
    const { pathname } = new URL(request.url, 'http://localhost');
    const { offerUrl } = profilePage;
    const { loading, page, holdMs } = await renderer.renderProfilePage(
      offerUrl ? `${pathname}?o=${encodeURIComponent(offerUrl)}` : pathname,
      language,
      profilePage,
    );
    const before = withPageMeta(
      renderedPageStart.replace(/<html lang="[^"]*"/, `<html lang="${language}"`),
      meta,
    );
    return sendHeldPage(request, reply, {
      first: before + loading,
      second: page + template.after,
      holdMs,
      status: 200,
    });
  }

  async function resolveMeta(
    request: FastifyRequest,
    pathname: string,
    language: Locale,
  ): Promise<PageMeta | 'not_found' | null> {
    const query = new URL(request.url, 'http://localhost').searchParams;
    for (const resolve of pageMetaResolvers) {
      const meta = await resolve(pathname, query, language);
      if (meta !== null) return meta;
    }
    return null;
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
      if (isFile(target) && !target.endsWith('.html')) {
        await reply.sendFile(relative, { maxAge: ONE_HOUR_MS });
        return true;
      }

      const accept = request.headers.accept ?? '';
      if (!accept.includes('text/html') && !target.endsWith('.html')) return false;

      const wantsNotFound = isNotFoundRoute(pathname);
      const prerendered = target.endsWith('.html') ? target : path.join(target, 'index.html');
      if (isFile(prerendered) && (prerendered === path.join(root, 'index.html') || inside(prerendered))) {
        let file = prerendered;
        // An unprefixed page is prerendered in both languages (index.en.html beside it): the
        // browser's language picks one, so the app hydrates it instead of rendering it anew.
        const english = prerendered.replace(/index\.html$/, 'index.en.html');
        if (!target.endsWith('.html') && !prefixLanguage(pathname) && isFile(english)) {
          reply.header('vary', 'Accept-Language');
          if (prefersEnglish(request.headers['accept-language'])) file = english;
        }
        await sendHtml(reply, file, wantsNotFound ? 404 : 200);
        return true;
      }
      const language: Locale =
        prefixLanguage(pathname) ?? (prefersEnglish(request.headers['accept-language']) ? 'en' : 'pl');
      const meta = await resolveMeta(request, pathname, language);
      if (meta === 'not_found') {
        await sendHtml(reply, shell, 404);
        return true;
      }
      if (meta?.profilePage && server) {
        try {
          await sendRenderedPage(request, reply, server, meta, meta.profilePage, language);
          return true;
        } catch (error) {
          // The browser can still render the page itself from the shell.
          request.log.error({ err: error }, 'server rendering failed; sending the shell');
        }
      }
      const status = isKnownClientRoute(pathname) && !wantsNotFound ? 200 : 404;
      await sendHtml(reply, shell, status, meta ?? undefined);
      return true;
    },
  };
}
