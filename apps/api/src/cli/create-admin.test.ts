import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundledEntry } from '../../test/bundled-api.ts';
import { migrationsDir } from '../../test/helpers.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { apiRoot } from '../modules/app/config.ts';

// The CLI in its own process, bundled as `npm run create-admin` runs it, on PGlite or (when
// TEST_DATABASE_URL is set) on a fresh PostgreSQL database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-cli-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl: string | undefined;
const dbName = `substytut_cli_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

const open = () => openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), migrationsDir });

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
        // The first run migrates a fresh PGlite folder: seconds alone, minutes on a busy machine.
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
