import { defineConfig, devices } from '@playwright/test';
import { testBrowser } from './scripts/chromium.mjs';

// Each worker starts its own server on E2E_PORT + its index, with a fresh data folder
// (e2e/support/test.ts): the journeys of two workers never meet, and every test may run in any
// worker. Two workers fill the two cores of the test machine (docs/testing.md, decision 036).
const workers = Number(process.env.E2E_WORKERS ?? 2);
// CHROME_PATH, else Debian's Chromium headless shell, else its full browser (scripts/chromium.mjs):
// the shell runs the same pages for less than half the CPU (decision 060).
const executablePath = testBrowser();

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // baseURL: each worker's own server (the `baseURL` fixture of e2e/support/test.ts).
    locale: 'pl-PL',
    // Recording a trace of every test costs the browser a screenshot and a snapshot per action;
    // with retries (CI) the retry of a failed test records one instead.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
