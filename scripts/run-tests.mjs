// `npm test`: every gate, each started as soon as what it needs has passed, so the two cores never
// wait while the browser tests wait on pages (docs/testing.md has the plan and times, decision 036).
// The API suite runs on PGlite, or, when TEST_DATABASE_URL is set, its database files on PostgreSQL
// and only the database-free and PGlite-specific ones on PGlite (decision 052).
import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { executable, FULL_CHROMIUM, HEADLESS_SHELL } from './chromium.mjs';

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;
// With a PostgreSQL pass, the PGlite pass keeps only the API files that open no database and the
// PGlite-specific ones (apps/api/vitest.config.ts, decision 052); the browser tests run on PGlite.
const pglitePass = pgUrl ? { ...withoutPg, TEST_POSTGRES_PASS: '1' } : withoutPg;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * The browser tests need Chromium (scripts/chromium.mjs: CHROME_PATH, or Debian's headless shell,
 * which runs the same pages for less than half the CPU, or its full browser; decision 060).
 * Checked before anything runs, so a machine without it learns so in the first second rather than
 * after the unit tests; as root on Debian what is missing is installed instead.
 */
function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (executable(process.env.CHROME_PATH)) return;
    console.error(
      `CHROME_PATH=${process.env.CHROME_PATH} is not an executable browser: point it at Chromium, or unset it and run \`apt-get install chromium chromium-headless-shell\`.`,
    );
    process.exit(1);
  }
  // The full browser as well: the web benchmark's smoke run measures its pages in it.
  const missing = [
    ...(executable(FULL_CHROMIUM) ? [] : ['chromium']),
    ...(executable(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length > 0 && process.getuid?.() === 0 && hasCommand('apt-get')) {
    console.log(`Installing Debian's ${missing.join(' and ')} with apt-get.`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env,
    });
  }
  if (!executable(FULL_CHROMIUM)) {
    console.error(
      'Chromium is missing for the browser tests: install it with `apt-get install chromium chromium-headless-shell` (Debian, as root) or set CHROME_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  if (!executable(HEADLESS_SHELL))
    console.log(
      "Chromium's headless shell is missing (`apt-get install chromium-headless-shell`): the browser tests run the full browser, at about twice the CPU.",
    );
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The last lines of each step, and the lines that name a failed test or file: CI keeps only the
 * end of a run's output, where a step that failed early would otherwise be buried under the steps
 * that went on beside it, so the failures are printed again at the end.
 */
const TAIL_LINES = 60;
const FAILURE_LINE = /(?:^|\s)(?:FAIL|×|✗|✘)\s|\d+\)\s\[|Error:|error TS\d+|^\s*\d+:\d+\s+error\s/;
const MAX_FAILURE_LINES = 40;
const outputOf = new Map();

function remember(name, line) {
  let kept = outputOf.get(name);
  if (!kept) outputOf.set(name, (kept = { tail: [], failures: [] }));
  kept.tail.push(line);
  if (kept.tail.length > TAIL_LINES) kept.tail.shift();
  if (FAILURE_LINE.test(line) && kept.failures.length < MAX_FAILURE_LINES && !kept.failures.includes(line))
    kept.failures.push(line);
}

/**
 * Runs one step; with `prefix`, its output lines are labelled, since another step runs beside it.
 * A step with `nice` runs at that lower priority, and so do the processes it starts.
 */
function run({ name, cmd, args, env, nice }, prefix = false) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Only an ordering aid: without it the step runs at the usual priority.
      }
    }
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        const write = (line) => {
          to.write(`[${name}] ${line}\n`);
          remember(name, line);
        };
        from.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) write(line);
        });
        from.on('end', () => rest && write(rest));
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

/**
 * Every step starts once the steps it names in `after` have passed; a step that fails stops the
 * steps that have not started yet, and the run ends when the started ones are done, so every
 * failure among them is reported. All steps run side by side, their output labelled.
 */
async function schedule(steps) {
  const done = new Map(steps.map((step) => [step.name, null]));
  const failed = [];
  let waiting = [...steps];
  const running = new Set();
  await new Promise((resolve) => {
    const next = () => {
      if (failed.length === 0) {
        const ready = waiting.filter((step) => (step.after ?? []).every((name) => done.get(name) === 0));
        waiting = waiting.filter((step) => !ready.includes(step));
        for (const step of ready) {
          console.log(`\n=== ${step.name} (started at ${seconds(started)}) ===`);
          const promise = run(step, true).then(({ status }) => {
            running.delete(promise);
            done.set(step.name, status);
            if (status !== 0) failed.push(step.name);
            next();
          });
          running.add(promise);
        }
      }
      if (running.size === 0) resolve();
    };
    next();
  });
  const skipped = failed.length > 0 ? waiting.map((step) => step.name) : [];
  if (failed.length > 0) {
    for (const name of failed) {
      const kept = outputOf.get(name) ?? { tail: [], failures: [] };
      console.error(`\n=== ${name} failed: the lines that name a failure ===`);
      for (const line of kept.failures) console.error(line);
      console.error(`=== ${name}: its last ${kept.tail.length} lines ===`);
      for (const line of kept.tail) console.error(line);
    }
    console.error(
      `\n${failed.join(' and ')} failed (npm test took ${seconds(started)})` +
        (skipped.length ? `; not started: ${skipped.join(', ')}` : ''),
    );
    process.exit(done.get(failed[0]));
  }
}

ensureChromium();

// Vitest needs neither the type check nor lint (it compiles without checking types): its passes
// start once the build is done, so they fill the cores beside the type check instead of waiting
// 2–3 minutes for it, and the build that feeds the browser tests (the critical path) is not
// slowed (decision 052). A failed type check or lint still fails the run.
const vitestAfter = ['build'];
await schedule([
  // Type check and lint are light and mostly single-threaded; the build feeds the browser tests
  // and the web benchmark.
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'], env: process.env },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'], env: process.env },
  { name: 'build', cmd: 'npm', args: ['run', 'build'], env: process.env },
  // The critical path: the journeys spend much of their time waiting on the page and the server,
  // so they start first, in two workers with a server each (playwright.config.ts); the Vitest
  // passes fill the cores beside them.
  {
    name: 'end-to-end tests in Chromium',
    after: ['build'],
    cmd: 'npx',
    args: ['playwright', 'test'],
    env: withoutPg,
  },
  // Every benchmark once, short, without thresholds (scripts/bench-smoke.mjs). It is done minutes
  // before the browser tests and the Vitest passes, which end the run, so it runs at a lower
  // priority: when the cores are short they go to those first, and it takes what they leave
  // (the browser tests wait on pages much of the time). Not lower than 5: its servers must still
  // start within their limits on a busy machine (decision 069).
  {
    name: 'benchmark smoke runs',
    after: ['build'],
    cmd: 'node',
    args: ['scripts/bench-smoke.mjs'],
    env: process.env,
    nice: 5,
  },
  {
    name: 'unit and API tests on PGlite',
    after: vitestAfter,
    cmd: 'npx',
    args: ['vitest', 'run'],
    env: pglitePass,
  },
  ...(pgUrl
    ? [
        {
          name: 'API tests on PostgreSQL',
          after: vitestAfter,
          cmd: 'npx',
          args: ['vitest', 'run', '--project', 'apps/api*'],
          env: process.env,
        },
      ]
    : []),
]);
if (!pgUrl) console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass was skipped.');
console.log(`\nnpm test passed in ${seconds(started)}`);
