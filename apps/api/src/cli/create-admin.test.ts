import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundledEntry } from '../../test/bundled-api.ts';
import { createEmptyPgDatabase, migrationsDir, pgliteTemplate, pgTemplate } from '../../test/helpers.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { apiRoot } from '../modules/app/config.ts';

// The CLI in its own process, bundled as `npm run create-admin` runs it, on PGlite or (when
// TEST_DATABASE_URL is set) on a fresh PostgreSQL database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-cli-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let pgliteDump: Blob | undefined;

// A migrated database to start from, as the CLI finds one after `npm start` has run: on PGlite
// the data folder is loaded from the migrated dump every PGlite test database starts from, on
// PostgreSQL a copy of the migrated template (decisions 046, 069); before, the test ran every
// migration on an empty cluster first, which building the dump and the template does, and
// test/server.test.ts on a fresh data folder. The CLI still runs the migrator when it opens it.
beforeAll(async () => {
  if (!serverUrl) {
    pgliteDump = await pgliteTemplate();
    return;
  }
  const created = await createEmptyPgDatabase(serverUrl, 'substytut_cli', await pgTemplate(serverUrl));
  databaseUrl = created.url;
  dropDatabase = created.drop;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
});

/** The CLI's database; the first open on PGlite fills the empty data folder from the dump. */
function open() {
  const pgliteLoadDataDir = pgliteDump;
  pgliteDump = undefined;
  return openDatabase({
    databaseUrl,
    pgliteDir: path.join(dataDir, 'pglite'),
    migrationsDir,
    pgliteLoadDataDir,
  });
}

async function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const entry = await bundledEntry('cli/create-admin');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      {
        cwd: apiRoot,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        encoding: 'utf8',
        // Opening PGlite's folder takes seconds alone, a minute or more on a busy machine.
        timeout: 240_000,
      },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

it('creates an administrator, promotes a user, and refuses bad arguments', async () => {
  const seeded = await open();
  await seeded.db.insert(users).values({ email: 'member@example.com', passwordHash: null });
  await seeded.close();

  const created = await cli('--email', 'Chief@Example.com', '--password', 'Szef12345!');
  expect(created.status, created.stderr).toBe(0);
  expect(created.stdout).toContain('created: chief@example.com');

  const promoted = await cli('--email', 'member@example.com');
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(promoted.stdout).toContain('promoted: member@example.com');

  // Argument errors stop before the database is opened, so these may run side by side.
  const bad = await Promise.all([
    cli('--email', 'not-an-email', '--password', 'Szef12345!'),
    cli('--email', 'x@example.com', '--password', 'short'),
    cli('--email', 'x@example.com', '--password', '12345678'),
    cli('--bogus'),
  ]);
  // A new account without a password is refused after the lookup (the database is opened).
  bad.push(await cli('--email', 'new@example.com'));
  for (const run of bad) {
    expect(run.status).toBe(2);
    expect(run.stderr.length).toBeGreaterThan(0);
  }

  const database = await open();
  try {
    const [chief] = await database.db.select().from(users).where(eq(users.email, 'chief@example.com'));
    expect(chief).toMatchObject({ role: 'admin' });
    expect(chief!.emailVerifiedAt).not.toBeNull();
    expect(await verify(chief!.passwordHash!, 'Szef12345!')).toBe(true);
    const [member] = await database.db.select().from(users).where(eq(users.email, 'member@example.com'));
    expect(member).toMatchObject({ role: 'admin' });
    expect(member!.emailVerifiedAt).not.toBeNull();
    expect(await database.db.select().from(users).where(eq(users.email, 'new@example.com'))).toHaveLength(0);
  } finally {
    await database.close();
  }
}, 600_000);
