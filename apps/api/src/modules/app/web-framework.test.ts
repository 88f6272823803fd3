import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * The Fetch bridge to the web app's framework build (decision 016), against a stand-in build whose
 * request handler echoes what it was given: the real build is tested by the e2e suite.
 */

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
let build: string;
let t: TestApp;

const serverBuild = `
export const entry = { module: { createRequestHandler: () => async (request, context) => {
  const url = new URL(request.url);
  if (url.pathname === '/set-cookie') {
    const headers = new Headers({ 'content-type': 'text/plain' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    return new Response('cookies', { headers });
  }
  const profile = url.pathname.startsWith('/u/') ? await context.publicProfile(url.pathname.slice(3), null) : undefined;
  const status = url.pathname === '/no-such-page' ? 404 : 200;
  return new Response('<!doctype html><html lang="en"><body>RENDERED ' + url.pathname + ' nonce=' + context.nonce +
    ' booking=' + context.publicConfig.bookingUrl + ' profile=' + JSON.stringify(profile ?? null) + '</body></html>',
    { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
} } };
`;

beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'substytut-rr-'));
  mkdirSync(path.join(build, 'server'), { recursive: true });
  mkdirSync(path.join(build, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(build, 'client', 'pl', 'about'), { recursive: true });
  mkdirSync(path.join(build, 'client', 'about'), { recursive: true });
  mkdirSync(path.join(build, 'client', '404'), { recursive: true });
  writeFileSync(path.join(build, 'server', 'index.js'), serverBuild);
  writeFileSync(
    path.join(build, 'client', 'prerender.json'),
    JSON.stringify({ origin: 'http://build.example' }),
  );
  writeFileSync(path.join(build, 'client', 'assets', 'entry-abc.js'), 'console.log(1)');
  writeFileSync(
    path.join(build, 'client', 'pl', 'about', 'index.html'),
    '<!doctype html><html lang="pl"><head><script>/*about*/</script><link rel="canonical" href="http://build.example/pl/about"></head><body>PRERENDERED PL ABOUT</body></html>',
  );
  writeFileSync(
    path.join(build, 'client', 'about', 'index.html'),
    '<!doctype html><html lang="pl"><body>PRERENDERED ABOUT</body></html>',
  );
  writeFileSync(path.join(build, 'client', 'about.data'), 'DATA');
  writeFileSync(path.join(build, 'client', 'sw.js'), "self.addEventListener('push', () => {});");
  writeFileSync(
    path.join(build, 'client', '404', 'index.html'),
    '<!doctype html><html lang="pl"><body>PRERENDERED 404</body></html>',
  );
  t = await createTestApp({ env: { WEB_BUILD_DIR: build } });
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

describe('serving the framework build', () => {
  it('sends prerendered pages with its own origin and the sandbox flag', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/pl/about',
      headers: { ...html, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('PRERENDERED PL ABOUT');
    expect(response.body).toContain('href="http://localhost:3000/pl/about"');
    expect(response.body).toMatch(/^<!doctype html><html lang="pl" data-sandbox>/);
  });

  it('renders an unprefixed page anew for a visitor who reads English, and sends the Polish file otherwise', async () => {
    const polish = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...html, 'accept-language': 'pl' },
    });
    expect(polish.body).toContain('PRERENDERED ABOUT');
    expect(polish.headers.vary).toMatch(/accept-language/i);
    const english = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...html, 'accept-language': 'en-GB' },
    });
    expect(english.body).toContain('RENDERED /about');
    const remembered = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...html, 'accept-language': 'pl', cookie: 'lang=en' },
    });
    expect(remembered.body).toContain('RENDERED /about');
  });

  it('renders other pages through the handler with a CSP nonce, the public configuration and the API services', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/u/nobody', headers: html });
    expect(response.statusCode).toBe(200);
    const nonce = /nonce=(\S+)/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(response.body).toContain(`booking=${t.app.config.bookingUrl}`);
    expect(response.body).toContain('profile=null');
    expect(response.body).toMatch(/<html lang="en" data-sandbox>/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("keeps the handler's status and every cookie it sets", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page', headers: html })).statusCode).toBe(404);
    const cookies = await t.app.inject({ method: 'GET', url: '/set-cookie', headers: html });
    expect(cookies.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });

  it('answers the prerendered /404 with status 404, and serves assets and page data as files', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/404', headers: html });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('PRERENDERED 404');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const data = await t.app.inject({ method: 'GET', url: '/about.data' });
    expect(data.body).toBe('DATA');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the service worker as JavaScript that the browser asks for again each time (issue 32)', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toMatch(/max-age=0|no-cache/);
    expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it("allows exactly the prerendered pages' inline scripts in the CSP, and no unsafe-inline", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pl/about', headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`'sha256-${createHash('sha256').update('/*about*/').digest('base64')}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("answers pages to curl's */*, to no Accept at all and to anything short of JSON only", async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/plain' }, { 'accept-language': 'en' }]) {
      const page = await t.app.inject({ method: 'GET', url: '/u/nobody', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('RENDERED /u/nobody');
      const english = await t.app.inject({
        method: 'GET',
        url: '/about',
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(english.body).toContain('RENDERED /about');
      const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', headers });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    }
    const prerendered = await t.app.inject({ method: 'GET', url: '/about', headers: { accept: '*/*' } });
    expect(prerendered.body).toContain('PRERENDERED ABOUT');
  });

  it('answers a request that asks only for JSON with the JSON 404, pages and /api/* alike', async () => {
    for (const accept of ['application/json', 'application/problem+json, application/json;q=0.5']) {
      const page = await t.app.inject({ method: 'GET', url: '/u/nobody', headers: { accept } });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ code: 'route.not_found' });
    }
    for (const headers of [{ accept: '*/*' }, {}]) {
      const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'route.not_found' });
    }
  });

  it('keeps server paths out of the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('RENDERED');
  });
});

describe('a build prerendered with other links than the server is configured with', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({
      env: { WEB_BUILD_DIR: build, BOOKING_URL: 'https://booking.example/substytut' },
    });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('renders every page and its data on request, so the served links are the server’s', async () => {
    const page = await other.app.inject({
      method: 'GET',
      url: '/pl/about',
      headers: { ...html, 'accept-language': 'pl' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('RENDERED /pl/about');
    expect(page.body).toContain('booking=https://booking.example/substytut');
    const data = await other.app.inject({ method: 'GET', url: '/about.data' });
    expect(data.body).toContain('RENDERED /about.data');
    expect(other.app.config.bookingUrl).toBe('https://booking.example/substytut');
  });

  it('sends the prerendered files again once the build recorded the same links', async () => {
    const record = path.join(build, 'client', 'prerender.json');
    writeFileSync(
      record,
      JSON.stringify({
        origin: 'http://build.example',
        links: {
          bookingUrl: 'https://booking.example/substytut',
          supportEmail: other.app.config.supportEmail,
        },
      }),
    );
    const matching = await createTestApp({
      env: { WEB_BUILD_DIR: build, BOOKING_URL: 'https://booking.example/substytut' },
    });
    try {
      const page = await matching.app.inject({ method: 'GET', url: '/pl/about', headers: html });
      expect(page.body).toContain('PRERENDERED PL ABOUT');
    } finally {
      await matching.close();
      writeFileSync(record, JSON.stringify({ origin: 'http://build.example' }));
    }
  });
});
