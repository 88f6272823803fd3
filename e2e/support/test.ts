import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type TestInfo, type WorkerInfo } from '@playwright/test';

export { expect } from '@playwright/test';

/*
 * Every spec imports `test` from here: each Playwright worker starts its own built server, on its
 * own port (E2E_PORT + the worker's index) and its own fresh PGlite folder (PGlite allows one
 * process per folder), so the journeys of two workers never meet and the workers share the cores
 * (docs/testing.md, decision 036). `baseURL` points the page, `request` and new contexts at it.
 */

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
/**
 * A server starts in about ten seconds on a quiet machine; at a load average of 30 on two cores it
 * took more than three minutes.
 */
const START_TIMEOUT_MS = 300_000;

/** The address of the server of the worker that runs `info` (a test, a hook or a worker fixture). */
export function serverURL(info: Pick<TestInfo | WorkerInfo, 'parallelIndex'> = base.info()): string {
  return `http://127.0.0.1:${FIRST_PORT + info.parallelIndex}`;
}

function startServer(url: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: TRUSTED_PROXY,
      // The KSeF worker looks for due invoices every half second instead of every 5 s, so the
      // invoice journeys see the sandbox KSeF's verdict on their first reload (decision 072).
      KSEF_POLL_MS: '500',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  let exit: string | null = null;
  child.once('exit', (code, signal) => (exit = `exited with ${code ?? signal}`));
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (exit) throw new Error(`the e2e server on ${url} ${exit} before it answered (is the port taken?)`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the e2e server on ${url} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/*
 * The product limits requests per client address (@fastify/rate-limit on request.ip: for example
 * 10 certificates a minute), and every request of the browser tests comes from 127.0.0.1: a
 * worker's tests, run one after another against its one server, would share each route's budget
 * like one very busy person, and a test creating a lawyer got 429 when the tests before it in the
 * same minute had used the budget up (CI of main d2cc76a). Each test is one person instead: the
 * server trusts the proxy on 127.0.0.1 (TRUST_PROXY, as behind a reverse proxy on the same host)
 * and every request of a test (its page, its `request`, the contexts it opens) names the test's
 * own address in X-Forwarded-For. The addresses are loopback ones (127.1.x.y), so the sandbox's
 * conveniences for this machine (the local mailbox, the sandbox Google sign-in) still answer; the
 * limits themselves are the product's, unchanged, per test (foundation.spec.ts shows a test still
 * gets 429 past one).
 */
const TRUSTED_PROXY = '127.0.0.1';
let clients = 0;

/** The next test's own client address in this worker (a retry runs in a fresh worker and server). */
function nextClientAddress(): string {
  clients += 1;
  return `127.1.${Math.floor(clients / 256) % 256}.${clients % 256}`;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * Data a spec seeds once per worker and reads in several tests (the accessibility walk's lawyer,
 * offers and sessions): `perWorker(key, make)` runs `make` the first time a test of this worker
 * asks for `key` and gives every later test the same promise. A worker-scoped fixture of a spec's
 * own (`test.extend` with `scope: 'worker'`) would do the same, but Playwright runs tests whose
 * worker fixtures differ in different workers: every switch between that spec's tests and the
 * others stopped the worker and started another, with a server start of its own (about 20 s of a
 * worker at a load of 15; decision 068). Registered here, it is part of every test's worker.
 */
export type PerWorker = <T>(key: string, make: () => Promise<T>) => Promise<T>;

export const test = base.extend<object, { server: string; perWorker: PerWorker }>({
  server: [
    // Playwright reads a fixture's dependencies from the destructured first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const url = serverURL(workerInfo);
      // A fresh folder per worker (E2E_DATA_DIR names a parent to keep them in), so journeys
      // never see an earlier run's users or offers.
      const parent = process.env.E2E_DATA_DIR;
      if (parent) mkdirSync(parent, { recursive: true });
      const dataDir = mkdtempSync(
        path.join(parent ?? tmpdir(), `substytut-e2e-${workerInfo.parallelIndex}-`),
      );
      const child = startServer(url, dataDir);
      try {
        await waitUntilHealthy(url, child);
        await use(url);
      } finally {
        await stop(child);
        if (!parent) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: START_TIMEOUT_MS + 20_000 },
  ],
  perWorker: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const made = new Map<string, Promise<unknown>>();
      await use(<T>(key: string, make: () => Promise<T>): Promise<T> => {
        let value = made.get(key) as Promise<T> | undefined;
        if (!value) {
          value = make();
          made.set(key, value);
          // A failed seed is not kept: the next test that asks tries again.
          value.catch(() => made.delete(key));
        }
        return value;
      });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server);
  },
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': nextClientAddress() });
  },
});
