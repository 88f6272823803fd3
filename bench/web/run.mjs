/**
 * Page weight: the JavaScript and CSS (gzip) that /, /u/{seolink}, /auth and /dashboard load
 * first, and the Lighthouse mobile scores and LCP of / and /u/{seolink}, against budgets.
 *
 *   npm run bench                  (after the API benchmark)
 *   node bench/web/run.mjs         uses the existing build; BENCH_BUILD=1 builds first
 *   BENCH_LIGHTHOUSE=0 …           skips Lighthouse
 *   BENCH_LIGHTHOUSE_RUNS=n …      Lighthouse runs per page (default 3); the median run is reported
 *   BENCH_STRICT=1 …               exits 1 when a budget fails
 *   BENCH_WEB_DIST=dir …           measures that web build instead of apps/web/dist
 *   BENCH_API_SERVER=file …        serves it with that API bundle instead of apps/api/dist
 *
 * "html" counts what the page's HTML itself references (entry script, modulepreloads,
 * stylesheets); "loaded" counts every script and stylesheet the browser fetched until the network
 * went idle after a pointer movement, which starts the app on static pages (lazy route chunks
 * included). The budget applies to "loaded".
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUN_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
// One Lighthouse run moves by several points from run to run on a busy machine.
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);
const BUDGET = { jsKb: 120, performance: 95, accessibility: 100, seo: 100 };
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// BENCH_WEB_DIST measures another web build (e.g. one made with WEB_BUILD_DIR, apps/web/scripts/prerender.mjs).
const webDist = process.env.BENCH_WEB_DIST
  ? path.resolve(process.env.BENCH_WEB_DIST)
  : path.join(root, 'apps/web/dist');
// BENCH_API_SERVER runs another API bundle (a private build) instead of apps/api/dist.
const apiServer = process.env.BENCH_API_SERVER
  ? path.resolve(process.env.BENCH_API_SERVER)
  : path.join(root, 'apps/api/dist/server.js');

function ensureBuild() {
  const built = existsSync(path.join(webDist, 'index.html')) && existsSync(apiServer);
  if (built && process.env.BENCH_BUILD !== '1') {
    console.log(
      `using the existing build of ${statSync(apiServer).mtime.toISOString()} (BENCH_BUILD=1 rebuilds)`,
    );
    return;
  }
  console.log('building (npm run build, holding /tmp/build.lock)…');
  execFileSync('flock', ['/tmp/build.lock', 'npm', 'run', 'build'], { cwd: root, stdio: 'inherit' });
}

/**
 * A private copy of the web build, so another build during the run cannot swap files, with the
 * server's renderer (dist-ssr) beside it where the server looks for it (decision 012).
 */
function snapshotWebDist(dir) {
  const target = path.join(dir, 'web-dist');
  const copy = ['sh', '-c', 'cp -r "$0" "$1" && if [ -d "$2" ]; then cp -r "$2" "$3"; fi'];
  const args = [...copy, webDist, target, path.join(webDist, '..', 'dist-ssr'), path.join(dir, 'dist-ssr')];
  // Only the shared build (apps/web/dist) can be rebuilt by someone else meanwhile.
  if (process.env.BENCH_WEB_DIST) execFileSync(args[0], args.slice(1));
  else execFileSync('flock', ['/tmp/build.lock', ...args]);
  return target;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, webDistDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [apiServer], {
    cwd: root,
    env: {
      ...process.env,
      // Development mode only adds the demo accounts and the local mailbox; the pages are the same.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start within 120 s');
}

/** The demo lawyer with an active profile (three jobs, three references, a photo) and an offer. */
async function seedLawyer(base) {
  const csrfResponse = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1];
  const call = async (method, url, { body, token, form } = {}) => {
    const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: form ?? (body ? JSON.stringify(body) : undefined),
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text.startsWith('{') ? JSON.parse(text) : text;
  };

  const login = await call('POST', '/api/login', {
    body: { email: 'lawyer@substytut.local', password: 'Demo-Prawnik-Substytut' },
  });
  const { token, user } = login.data;
  await call('PUT', '/api/user/profile', {
    token,
    body: {
      firstname: 'Katarzyna',
      lastname: 'Wiśniewska',
      phone: '+48 600 100 200',
      permissions: 'adwokat',
      licenseNo: 'WAW/Adw/1234',
      specialization: ['prawo-cywilne', 'prawo-gospodarcze'],
      institution: 'ia-warszawa',
      description:
        'Adwokat z dziesięcioletnim doświadczeniem w sprawach cywilnych i gospodarczych. Zastępstwa procesowe w sądach warszawskich i mazowieckich.',
      linkedinUrl: 'linkedin.com/in/katarzyna-wisniewska',
      facebookUrl: '',
      jobs: [
        ['Adwokat', 'Kancelaria Wiśniewska', '03', '2019', '', '', true],
        ['Aplikant adwokacki', 'Kancelaria Nowak', '01', '2015', '12', '2018', false],
        ['Asystent prawny', 'Kancelaria Kowalski', '07', '2013', '12', '2014', false],
      ].map(([positionName, employerName, monthStart, yearStart, monthEnd, yearEnd, stillWorking]) => ({
        positionName,
        employerName,
        monthStart,
        yearStart,
        monthEnd,
        yearEnd,
        stillWorking,
      })),
      references: ['Jan Nowak', 'Anna Zielińska', 'Piotr Wójcik'].map((author) => ({
        author,
        description: 'Rzetelna, punktualna i świetnie przygotowana do każdej rozprawy.',
      })),
    },
  });
  // A photo-like picture (a gradient with noise) rather than a flat colour, so it weighs like one.
  const side = 800;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < side * side; i++) {
    const x = i % side;
    const y = Math.floor(i / side);
    pixels[i * 3] = (x * 255) / side + Math.random() * 30;
    pixels[i * 3 + 1] = (y * 255) / side + Math.random() * 30;
    pixels[i * 3 + 2] = 128 + Math.random() * 60;
  }
  const photo = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg()
    .toBuffer();
  const upload = new FormData();
  upload.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  await call('POST', '/api/user/profile/image', { token, form: upload });

  const onboarding = new URL(
    (await call('POST', '/api/user/profile/stripe/createaccount', { token })).data.url,
  );
  await call('POST', onboarding.pathname, {
    form: new URLSearchParams({ token: onboarding.searchParams.get('token') ?? '', action: 'complete' }),
  });
  const profile = (await call('GET', '/api/user/profile', { token })).data;
  if (profile.status !== 'active') throw new Error(`the profile is ${profile.status}, not active`);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Warsaw',
  });
  const offer = await call('POST', '/api/user/offer', {
    token,
    body: {
      title: 'Zastępstwo procesowe – SR Warszawa-Mokotów',
      expireDate: tomorrow,
      price: '250.00',
      description: '',
    },
  });
  return { token, user, seolink: profile.seolink, offerUrl: offer.data.offer.offerUrl };
}

const gzipKb = (bytes) => gzipSync(bytes).length / 1024;

/** Scripts and stylesheets the HTML itself names. */
function htmlAssets(html) {
  const found = new Set();
  const patterns = [
    /<script[^>]+type="module"[^>]+src="([^"]+)"/g,
    /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g,
    /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

async function measurePage(browser, base, page, session) {
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript(
      ([token, user]) => {
        window.localStorage.setItem('auth_token', token);
        window.localStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)],
    );
  }
  const tab = await context.newPage();
  const assets = new Map();
  tab.on('response', async (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(base)) {
      try {
        assets.set(response.url(), { type, bytes: await response.body() });
      } catch {
        // a redirect or an aborted request has no body
      }
    }
  });
  const response = await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
  const html = (await response?.text()) ?? '';
  // A static page runs the app on the first input (decision 010): move the pointer, so what the
  // app then loads counts too.
  await tab.mouse.move(10, 10);
  await tab.waitForSelector('#root[data-hydrate="done"]', { state: 'attached', timeout: 30_000 });
  await tab.waitForTimeout(1000);
  const finalPath = new URL(tab.url()).pathname;
  await context.close();

  const sum = (type, filter = () => true) =>
    [...assets.entries()]
      .filter(([url, a]) => a.type === type && filter(new URL(url).pathname))
      .reduce((total, [, a]) => total + gzipKb(a.bytes), 0);
  const named = new Set(htmlAssets(html));
  return {
    name: page.name,
    finalPath,
    htmlJs: sum('script', (p) => named.has(p)),
    htmlCss: sum('stylesheet', (p) => named.has(p)),
    js: sum('script'),
    css: sum('stylesheet'),
    files: [...assets.entries()]
      .map(([url, a]) => ({ path: new URL(url).pathname, type: a.type, kb: gzipKb(a.bytes) }))
      .sort((x, y) => y.kb - x.kb),
  };
}

/**
 * One Lighthouse run, tried again up to twice: Lighthouse with Debian's Chromium now and then
 * fails to record the trace (NO_NAVSTART), which says nothing about the page.
 */
function lighthouse(url, outDir, name) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouseOnce(url, outDir, name);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (Lighthouse failed on ${name}, attempt ${attempt}; trying again)`);
    }
  }
}

function lighthouseOnce(url, outDir, name) {
  const output = path.join(outDir, `${name}.json`);
  execFileSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,seo',
      `--chrome-flags=--headless ${CHROME_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failed = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    // Lighthouse's estimate of this machine's CPU speed; its 4x slowdown assumes 1500-2000.
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? NaN),
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index']
      .map(
        (id) =>
          `${id.replace(/(^|-)(\w)\w*/g, '$2').toUpperCase()} ${Math.round(report.audits[id]?.numericValue ?? NaN)} ms`,
      )
      .concat(`CLS ${(report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`)
      .join(', '),
    shifts: (report.audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 3)
      .map(
        (item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} ${Number(item.score ?? 0).toFixed(3)}`,
      ),
    opportunities: Object.values(report.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
      .map((a) => `${a.id} ${Math.round(a.details.overallSavingsMs)} ms`),
    failed,
  };
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  console.log(
    `Page weight benchmark; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'substytut-bench-web-'));
  let server;
  let browser;
  try {
    const dist = snapshotWebDist(dir);
    server = await startServer(path.join(dir, 'data'), dist);
    const session = await seedLawyer(server.base);
    const pages = [
      { name: '/', path: '/', public: true },
      { name: '/u/{seolink}?o=', path: `/u/${session.seolink}?o=${session.offerUrl}`, public: true },
      { name: '/auth', path: '/auth/login', public: false },
      { name: '/dashboard', path: '/dashboard/profile', public: false, session: true },
    ];
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
    const results = [];
    for (const page of pages) {
      results.push({
        ...(await measurePage(browser, server.base, page, page.session ? session : null)),
        page,
      });
    }
    await browser.close();
    browser = undefined;

    const kb = (n) => n.toFixed(1);
    // One line per budget and page, printed together at the end.
    const checks = [];
    const check = (budget, page, value, pass, shown = String(value)) =>
      checks.push([budget, page, shown, pass ? 'PASS' : 'FAIL']);
    for (const r of results.filter((x) => x.page.public)) {
      check(`first-load JS ≤ ${BUDGET.jsKb} KB gzip`, r.name, r.js, r.js <= BUDGET.jsKb, `${kb(r.js)} KB`);
    }
    console.log('\nFirst-load JavaScript and CSS, gzip KB (budget: public pages ≤ 120 KB JS)');
    console.log(
      table(
        ['page', 'html JS', 'html CSS', 'loaded JS', 'loaded CSS', 'files', 'budget'],
        results.map((r) => [
          r.name + (r.finalPath !== new URL(r.page.path, 'http://x').pathname ? ` (→ ${r.finalPath})` : ''),
          kb(r.htmlJs),
          kb(r.htmlCss),
          kb(r.js),
          kb(r.css),
          r.files.length,
          r.page.public ? (r.js <= BUDGET.jsKb ? 'pass' : 'FAIL') : '-',
        ]),
      ),
    );
    for (const r of results.filter((x) => x.page.public)) {
      const top = r.files.filter((f) => f.type === 'script').slice(0, process.env.BENCH_ALL_FILES ? 100 : 6);
      console.log(
        `  largest scripts of ${r.name}: ${top.map((f) => `${path.basename(f.path)} ${kb(f.kb)}`).join(', ')}`,
      );
    }

    if (RUN_LIGHTHOUSE) {
      console.log(
        '\nLighthouse (mobile, simulated throttling; budgets: performance ≥ 95, accessibility and SEO 100)',
      );
      const rows = [];
      for (const page of pages.filter((p) => p.public)) {
        try {
          const runs = Array.from({ length: LIGHTHOUSE_RUNS }, (_, i) =>
            lighthouse(`${server.base}${page.path}`, dir, `${page.name.replace(/\W+/g, '_')}-${i}`),
          ).sort((a, b) => a.performance - b.performance);
          const r = runs[Math.floor((runs.length - 1) / 2)];
          const pass =
            r.performance >= BUDGET.performance &&
            r.accessibility >= BUDGET.accessibility &&
            r.seo >= BUDGET.seo;
          check(
            `Lighthouse performance ≥ ${BUDGET.performance}`,
            page.name,
            r.performance,
            r.performance >= BUDGET.performance,
          );
          check(
            `Lighthouse accessibility ≥ ${BUDGET.accessibility}`,
            page.name,
            r.accessibility,
            r.accessibility >= BUDGET.accessibility,
          );
          check(`Lighthouse SEO ≥ ${BUDGET.seo}`, page.name, r.seo, r.seo >= BUDGET.seo);
          rows.push([
            page.name,
            r.performance,
            r.accessibility,
            r.seo,
            `${Math.round(r.lcpMs)} ms`,
            pass ? 'pass' : 'FAIL',
          ]);
          console.log(
            `  ${page.name}: performance ${runs.map((x) => x.performance).join(', ')} in ${runs.length} runs ` +
              `(benchmarkIndex ${runs.map((x) => x.benchmarkIndex).join(', ')}); the median run:`,
          );
          console.log(`  ${page.name}: ${r.metrics}`);
          if (r.shifts.length) console.log(`  ${page.name}: layout shifts: ${r.shifts.join(', ')}`);
          if (r.opportunities.length) console.log(`  ${page.name}: savings: ${r.opportunities.join(', ')}`);
          if (r.failed.length) console.log(`  ${page.name}: failed audits: ${r.failed.join(', ')}`);
        } catch (error) {
          check('Lighthouse', page.name, 'error', false);
          rows.push([
            page.name,
            '-',
            '-',
            '-',
            '-',
            `error: ${String(error.message ?? error).split('\n')[0]}`,
          ]);
        }
      }
      console.log(table(['page', 'performance', 'accessibility', 'seo', 'LCP', 'budget'], rows));
    }
    const failed = checks.filter((c) => c[3] === 'FAIL').length;
    console.log(`\nBudgets: ${checks.length - failed} of ${checks.length} pass`);
    console.log(table(['budget', 'page', 'measured', 'result'], checks));
    // Scores move with the machine's load (see the load average); BENCH_STRICT=1 fails the run.
    if (failed && process.env.BENCH_STRICT === '1') process.exitCode = 1;
    console.log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser?.close();
    if (server?.child && server.child.exitCode === null) {
      await new Promise((resolve) => {
        server.child.once('exit', resolve);
        server.child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
