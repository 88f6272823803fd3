// Which Chromium the browser tests drive (decision 060); the web benchmark keeps the full browser.
import { accessSync, constants } from 'node:fs';

/** Debian's `chromium`: the desktop browser, run headless; the web benchmark measures in it. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Chromium build (Blink, V8, the same version as
 * `chromium`) without the desktop browser around it, the headless mode Playwright runs by default.
 * On the same pages it spends less than half the CPU of the full browser's headless mode.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** Whether `file` exists and may be run. */
export function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROME_PATH when set, else the headless shell when installed, else the full browser. */
export function testBrowser(env = process.env) {
  return env.CHROME_PATH ?? (executable(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
