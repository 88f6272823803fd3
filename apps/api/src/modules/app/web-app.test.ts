import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { prefersEnglish, withSandboxFlag } from './web-app.ts';
import { inlineScriptHashes } from './security.ts';
import { isKnownClientRoute } from './web-routes.ts';

const themeScript =
  "document.documentElement.dataset.theme = localStorage.getItem('substytut-theme') || 'system';";
const shell = `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/index-abc123.js"></script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><div id="root">SHELL</div></body></html>`;
const prerenderedAbout =
  '<!doctype html><html><head><script>/*about*/</script><link rel="canonical" href="http://build.example/pl/about"/></head><body>PRERENDERED ABOUT</body></html>';

let dist: string;
let t: TestApp;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'substytut-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'pl', 'about'), { recursive: true });
  mkdirSync(path.join(dist, '404'));
  writeFileSync(path.join(dist, 'index.html'), shell);
  writeFileSync(path.join(dist, 'index.en.html'), shell.replace('SHELL', 'ENGLISH HOME'));
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'prerender.json'), JSON.stringify({ origin: 'http://build.example' }));
  writeFileSync(path.join(dist, 'pl', 'about', 'index.html'), prerenderedAbout);
  writeFileSync(path.join(dist, '404', 'index.html'), '<!doctype html><p>PRERENDERED 404</p>');
  writeFileSync(path.join(dist, 'spa.html'), shell.replace('SHELL', 'EMPTY SHELL'));
  writeFileSync(path.join(tmpdir(), 'substytut-outside.txt'), 'outside');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('prefersEnglish', () => {
  it('takes the first of Polish and English by weight and order, Polish when neither is named', () => {
    expect(prefersEnglish('en-GB,en;q=0.9,pl;q=0.8')).toBe(true);
    expect(prefersEnglish('de-DE,de;q=0.9,en;q=0.8,pl;q=0.7')).toBe(true);
    expect(prefersEnglish('pl-PL,pl;q=0.9,en-US;q=0.8')).toBe(false);
    expect(prefersEnglish('pl;q=0.5,en;q=0.8')).toBe(true);
    expect(prefersEnglish('en;q=0,pl')).toBe(false);
    expect(prefersEnglish('de,fr')).toBe(false);
    expect(prefersEnglish(undefined)).toBe(false);
  });
});

describe('withSandboxFlag', () => {
  it('marks the html element, whatever its attributes, and nothing else', () => {
    expect(withSandboxFlag('<!doctype html><html lang="pl"><head></head></html>')).toBe(
      '<!doctype html><html lang="pl" data-sandbox><head></head></html>',
    );
    expect(withSandboxFlag('<!doctype html><html><body><p>html</p></body></html>')).toBe(
      '<!doctype html><html data-sandbox><body><p>html</p></body></html>',
    );
    expect(withSandboxFlag('<!doctype html><htmlx>')).toBe('<!doctype html><htmlx>');
  });
});

describe('serving the built web app', () => {
  it('flags every page while a sandbox adapter is active', async () => {
    expect(t.app.config.sandbox.active).toBe(true);
    for (const url of ['/', '/pl/about', '/dashboard', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.body, url).toMatch(/^<!doctype html><html data-sandbox>/);
    }
  });

  it('sends an unprefixed prerendered page in the language the browser prefers, varying on it', async () => {
    const english = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-language': 'en-US,en;q=0.9,pl;q=0.8' },
    });
    expect(english.body).toContain('ENGLISH HOME');
    expect(english.headers.vary).toMatch(/accept-language/i);
    const polish = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' },
    });
    expect(polish.body).not.toContain('ENGLISH HOME');
    expect(polish.body).toContain('SHELL');
    expect(polish.headers.vary).toMatch(/accept-language/i);
    // A prefixed address names its language; the browser's does not matter.
    const prefixed = await t.app.inject({
      method: 'GET',
      url: '/pl/about',
      headers: { ...html, 'accept-language': 'en' },
    });
    expect(prefixed.body).toContain('PRERENDERED ABOUT');
    expect(prefixed.headers.vary ?? '').not.toMatch(/accept-language/i);
  });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-000.js', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('SHELL');
  });

  it('serves other files with a short cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<svg');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends prerendered pages with the configured PUBLIC_URL in place of the build origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pl/about', headers: html });
    expect(response.body).toContain('PRERENDERED ABOUT');
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:3000/pl/about"/>');
    expect(response.body).not.toContain('build.example');
  });

  it('serves the empty shell, not the prerendered home page, for routes without their own page', async () => {
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(dashboard.body).toContain('EMPTY SHELL');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(home.body).not.toContain('EMPTY SHELL');
  });

  it('serves the shell for known client routes, uncached', async () => {
    for (const url of [
      '/',
      '/pl',
      '/en/pricing',
      '/auth/login',
      '/dashboard/offers',
      // (/u/{seolink} answers 200 only for an active lawyer: public-profile.test.ts)
      '/pl/payment/success',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('SHELL');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('serves a prerendered page where the build made one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pl/about', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('PRERENDERED ABOUT');
    const trailing = await t.app.inject({ method: 'GET', url: '/pl/about/', headers: html });
    expect(trailing.body).toContain('PRERENDERED ABOUT');
  });

  it('answers unknown paths and /404 with status 404 and a page', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('SHELL');
    const explicit = await t.app.inject({ method: 'GET', url: '/404', headers: html });
    expect(explicit.statusCode).toBe(404);
    expect(explicit.body).toContain('PRERENDERED 404');
    const english = await t.app.inject({ method: 'GET', url: '/en/404', headers: html });
    expect(english.statusCode).toBe(404);
  });

  it('keeps server paths out of the web app', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('route.not_found');
    const storage = await t.app.inject({ method: 'GET', url: '/storage/nothing.png', headers: html });
    expect(storage.statusCode).toBe(404);
    expect(storage.body).not.toContain('SHELL');
  });

  it('does not hand the shell to clients that do not accept HTML', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('route.not_found');
  });

  it('refuses paths that climb out of the build folder', async () => {
    for (const url of [
      '/../substytut-outside.txt',
      '/assets/..%2f..%2fsubstytut-outside.txt',
      '/%2e%2e/substytut-outside.txt',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.body, url).not.toContain('outside');
    }
  });

  it('allows exactly the inline scripts of the build in the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    const themeHash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(csp).toContain(themeHash);
    expect(csp).toContain(inlineScriptHashes(prerenderedAbout)[0]!);
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes only executable inline scripts', () => {
    expect(inlineScriptHashes(shell)).toEqual([
      `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`,
    ]);
    expect(inlineScriptHashes('<script type="module">a()</script><script src="x.js"></script>')).toHaveLength(
      1,
    );
  });
});

describe('isKnownClientRoute', () => {
  it.each([
    ['/', true],
    ['/en', true],
    ['/pl/for-law-firms', true],
    ['/auth', true],
    ['/auth/reset/abc', true],
    ['/en/auth/verified/1/abc', true],
    ['/u/anna-nowak', true],
    ['/u/anna-nowak/extra', false],
    ['/de/about', false],
    ['/aboutx', false],
    ['/offer/done', true],
    ['/dashboard/', true],
  ])('%s -> %s', (pathname, known) => {
    expect(isKnownClientRoute(pathname)).toBe(known);
  });
});
