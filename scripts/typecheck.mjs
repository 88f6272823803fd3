// `npm run typecheck`: every workspace's tsconfig through the native TypeScript compiler
// (TypeScript 7, installed as `typescript-native`), about six times less CPU than TypeScript 5.9's
// `tsc`, which stays for typescript-eslint and anything that needs its JavaScript API (decision 058).
//
// Each workspace holds a canary (`type-check-canary.ts(x)`): planted errors, each under a
// `@ts-expect-error`. The compiler must report every one of them, or the unused directive fails
// the check; and this script fails unless each canary is in its workspace's program. So a run
// that passes has shown the compiler checks that workspace with its real options and types.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');

const PROJECTS = [
  { project: 'packages/shared', canary: 'packages/shared/test/type-check-canary.ts' },
  { project: 'apps/api', canary: 'apps/api/test/type-check-canary.ts' },
  { project: 'apps/web', canary: 'apps/web/test/type-check-canary.tsx' },
  { project: 'e2e', canary: 'e2e/type-check-canary.ts' },
];

let failed = false;
for (const { project, canary } of PROJECTS) {
  // One checker thread: in `npm test` both cores are busy anyway, and more threads cost CPU.
  const result = spawnSync(tsc, ['-p', project, '--singleThreaded', '--listFiles', '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const lines = result.stdout.split('\n');
  // --listFiles prints each file of the program as an absolute path; the rest is diagnostics.
  const listed = new Set(lines.filter((line) => path.isAbsolute(line)).map((line) => path.resolve(line)));
  const report = lines.filter((line) => line && !path.isAbsolute(line)).join('\n');
  if (report) console.log(report);
  if (result.stderr) process.stderr.write(result.stderr);
  if (result.status !== 0) {
    console.error(`Type check of ${project}: failed (exit ${result.status ?? result.signal}).`);
    failed = true;
  } else if (!listed.has(path.join(root, canary))) {
    console.error(
      `Type check of ${project}: its canary ${canary} is not in the program, so nothing shows it was checked.`,
    );
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
