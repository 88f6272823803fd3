// `npm test`: every gate, independent ones side by side (docs/testing.md has the plan and times).
// The API suite runs twice: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * The browser tests need Chromium (playwright.config.ts: CHROME_PATH or Debian's /usr/bin/chromium).
 * Checked before anything runs, so a machine without it learns so in the first second rather than
 * after the unit tests; as root on Debian it is installed instead.
 */
function ensureChromium() {
  const browser = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const usable = () => {
    try {
      accessSync(browser, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (usable()) return;
  const canInstall = !process.env.CHROME_PATH && process.getuid?.() === 0 && hasCommand('apt-get');
  if (canInstall) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get.");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    if (usable()) return;
  }
  console.error(
    process.env.CHROME_PATH
      ? `CHROME_PATH=${browser} is not an executable browser: point it at Chromium, or unset it and run \`apt-get install chromium\`.`
      : 'Chromium is missing for the browser tests: install it with `apt-get install chromium` (Debian, as root) or set CHROME_PATH to a Chromium binary.',
  );
  process.exit(1);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Runs one step; with `prefix`, its output lines are labelled, since another step runs beside it. */
function run([name, cmd, args, env], prefix = false) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${name}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      console.log(
        `\n=== ${name}: ${status === 0 ? 'passed' : `failed (exit ${code ?? signal})`} in ${seconds(since)} ===`,
      );
      resolve({ name, status });
    });
  });
}

/** The steps of a stage run side by side; the run stops after a stage with a failure. */
async function stage(...steps) {
  for (const [name] of steps) console.log(`\n=== ${name} ===`);
  const results = await Promise.all(steps.map((step) => run(step, steps.length > 1)));
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    console.error(`\n${failed.map((r) => r.name).join(' and ')} failed (npm test took ${seconds(started)})`);
    process.exit(failed[0].status);
  }
}

ensureChromium();

// Type check and lint are light and single-threaded: together they fit the two cores.
await stage(
  ['typecheck', 'npm', ['run', 'typecheck'], process.env],
  ['lint', 'npm', ['run', 'lint'], process.env],
);
// Vitest fills every core by itself.
await stage(['unit and API tests on PGlite', 'npx', ['vitest', 'run'], withoutPg]);
// The browser tests run one at a time and mostly wait on the page: the PostgreSQL pass, in one
// worker, fills the core they leave idle.
await stage(
  ['end-to-end tests in Chromium', 'npm', ['run', 'test:e2e'], withoutPg],
  ...(pgUrl
    ? [
        [
          'API tests on PostgreSQL',
          'npx',
          ['vitest', 'run', '--project', 'apps/api', '--maxWorkers', '1'],
          process.env,
        ],
      ]
    : []),
);
if (!pgUrl) console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass was skipped.');
console.log(`\nnpm test passed in ${seconds(started)}`);
