// Writes static HTML for the public pages after `vite build` and the SSR build:
// dist/<path>/index.html for every prerender path, unprefixed and under /pl and /en, plus
// dist/spa.html (the empty app shell for routes that are rendered only in the browser), and keeps
// dist-ssr (the server's renderer) with dist-ssr/page.html (its page template).
// PUBLIC_URL (default http://localhost:3000) names canonical addresses. /sitemap.xml and
// /robots.txt are served by the API (apps/api/src/modules/seo) from the same page list.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');
// WEB_BUILD_DIR builds elsewhere than apps/web (a private build for measuring, see bench/web).
const buildRoot = process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : webRoot;
const dist = path.join(buildRoot, 'dist');
const ssrEntry = path.join(buildRoot, 'dist-ssr', 'entry-server.js');
const publicUrl = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, '');

const HEAD_PLACEHOLDER = '<!--app-head-->';
const ROOT_PLACEHOLDER = '<div id="root"><!--app-html--></div>';

/**
 * Marks the page's head tags so the client can drop them just before it renders its own copies
 * (entry-client.tsx). The tags hold no nested elements: titles are text and the structured data
 * escapes '<'.
 */
export function markHeadTags(head) {
  return head.replace(/<(title|meta|link|script)\b/g, '<$1 data-prerendered-head').replace(/>(?=<)/g, '>\n    ');
}

function escapeAttr(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * dist/<path>/index.html; an unprefixed page also gets index.en.html, its English rendering, which
 * the server sends to browsers that prefer English (apps/api web-app.ts), so they hydrate it
 * instead of replacing the Polish markup.
 */
function fileFor(url, variant = '') {
  const name = `index${variant}.html`;
  return url === '/' ? path.join(dist, name) : path.join(dist, url.slice(1), name);
}

/**
 * A prerendered page paints without its scripts; they only make it interactive. Fetched at low
 * priority, they leave the bandwidth of a slow connection to what is painted (the document,
 * pictures) first, and are not mistaken for render-blocking resources.
 */
export function lowerScriptPriority(html) {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/**
 * Prerendered pages carry the stylesheet inline: a phone then paints the page as soon as the HTML
 * has arrived, instead of after a second request that competes with the scripts for bandwidth
 * (Lighthouse's first and largest paint). The CSP allows inline styles; the file stays for the
 * app shell (spa.html), which has nothing to paint before its scripts run.
 */
async function inlineStylesheet(html) {
  const link = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (!link) return html;
  const css = await readFile(path.join(dist, link[1]), 'utf8');
  // A stylesheet cannot contain '</style' (it would end the element), so this is safe to inline.
  if (/<\/style/i.test(css)) return html;
  // The disabled link is never fetched. It is there for Vite's loader of lazy chunks: a chunk that
  // imports from the entry lists this stylesheet among its dependencies, and the loader adds a
  // stylesheet unless a link to it is already in the page (fetching it again and restyling the
  // whole page in one long task).
  return html.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" href="${link[1]}" disabled>`);
}

/**
 * The entry script loads the app's code with a dynamic import, so it can wait for the visitor on
 * static pages (src/components/hydration/hydrate-on-intent.ts). Vite preloads only static
 * imports; this adds a modulepreload for the app's chunk and every chunk it imports, read from
 * the build manifest, so the code is fetched with the page and only runs later.
 */
export function preloadDynamicEntry(html, manifest, source) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  if (files.size === 0) throw new Error(`the build manifest has no chunk for ${source}`);
  const present = new Set([...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const links = [...files]
    .filter((file) => !present.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return html.replace('</head>', () => `  ${links}\n  </head>`);
}

async function main() {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  const template = preloadDynamicEntry(
    await readFile(path.join(dist, 'index.html'), 'utf8'),
    manifest,
    'src/app/start-app.tsx',
  );
  if (!template.includes(HEAD_PLACEHOLDER) || !template.includes(ROOT_PLACEHOLDER)) {
    throw new Error('dist/index.html lacks the prerender placeholders; was it already prerendered?');
  }
  // The shell for every address that is not prerendered (dashboard, auth, unknown paths).
  await writeFile(
    path.join(dist, 'spa.html'),
    template.replace(HEAD_PLACEHOLDER, '').replace(ROOT_PLACEHOLDER, '<div id="root"></div>'),
  );

  process.env.PUBLIC_URL = publicUrl;
  const { render, prerenderPaths, staticPagePaths } = await import(pathToFileURL(ssrEntry).href);
  let count = 0;

  for (const page of prerenderPaths) {
    for (const [prefix, unprefixedLanguage, variant] of [
      ['', 'pl', ''],
      ['', 'en', '.en'],
      ['/pl', 'pl', ''],
      ['/en', 'en', ''],
    ]) {
      const url = prefix && page === '/' ? prefix : `${prefix}${page}`;
      const { html, head, language } = await render(url, unprefixedLanguage);
      const hydrate = staticPagePaths.includes(page) ? ' data-hydrate="on-intent"' : '';
      const out = lowerScriptPriority(await inlineStylesheet(template))
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace(HEAD_PLACEHOLDER, () => markHeadTags(head))
        .replace(
          ROOT_PLACEHOLDER,
          () => `<div id="root" data-prerendered="${escapeAttr(url)}" data-lang="${language}"${hydrate}>${html}</div>`,
        );
      const file = fileFor(url, variant);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, out);
      count += 1;
    }
  }

  // The server renders the lawyer pages (/u/{seolink}) at request time with this bundle and this
  // template (docs/decisions/012-server-rendered-profile-page.md). Both stay beside dist, not in it:
  // they are not for browsers.
  await writeFile(path.join(buildRoot, 'dist-ssr', 'page.html'), lowerScriptPriority(await inlineStylesheet(template)));
  // Read above; not for the web.
  await rm(path.dirname(manifestFile), { recursive: true, force: true });
  // The server swaps this origin for its own PUBLIC_URL when it sends a page (apps/api web-app.ts),
  // so one build serves any host with correct canonical and alternate addresses.
  await writeFile(path.join(dist, 'prerender.json'), `${JSON.stringify({ origin: publicUrl })}\n`);
  console.log(`prerendered ${count} pages for ${publicUrl}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
