// `npm test`: every gate in order, stopping at the first failure.
// The API suite runs twice: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck'], process.env],
  ['lint', 'npm', ['run', 'lint'], process.env],
  ['unit and API tests on PGlite', 'npx', ['vitest', 'run'], withoutPg],
  ...(pgUrl
    ? [['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'apps/api'], process.env]]
    : []),
  ['end-to-end tests in Chromium', 'npm', ['run', 'test:e2e'], withoutPg],
];

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
if (!pgUrl) console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass was skipped.');
