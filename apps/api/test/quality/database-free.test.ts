import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/modules/app/config.ts';
import {
  DATABASE_FREE_FILES,
  EMBEDDED_ONLY_FILES,
  OWN_PROCESS_FILES,
  PGLITE_FILES,
} from '../../vitest.config.ts';

/*
 * The PostgreSQL pass skips DATABASE_FREE_FILES (apps/api/vitest.config.ts), since they run the
 * same code on either driver. A file that starts opening a database must leave that list, or its
 * PostgreSQL half would silently go missing: this test refuses any sign of a database in them.
 */
const DATABASE_SIGNS = [
  /createTestApp|createTestDatabase|createEmptyPgDatabase|openDatabase|createSeed/,
  /TEST_DATABASE_URL|DATABASE_URL/,
  /quality\/world|faults\/support|dist\/server|'server\.ts'|bundledEntry\('server'\)|\/helpers\.ts/,
  /@electric-sql\/pglite|from 'pg'|drizzle-orm\/(pglite|node-postgres)/,
  /^import (?!type )[^;]*from '[^']*db\/client(\.ts)?'/m,
];

const source = (file: string) => readFileSync(path.join(apiRoot, file), 'utf8');

const ownFile = 'test/quality/database-free.test.ts';

/** Every API test file, relative to apps/api. */
const testFiles = ['src', 'test'].flatMap((dir) =>
  readdirSync(path.join(apiRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
);

describe('files the PostgreSQL pass leaves to the PGlite pass', () => {
  it.each(DATABASE_FREE_FILES)('%s opens no database', (file) => {
    for (const sign of DATABASE_SIGNS) expect(source(file), `${file} matches ${sign}`).not.toMatch(sign);
  });

  it('refuses a file that creates a test app', () => {
    const text = "import { createTestApp } from '../../../test/helpers.ts';";
    expect(DATABASE_SIGNS.some((sign) => sign.test(text))).toBe(true);
  });
});

/*
 * With a PostgreSQL pass (`npm test` with TEST_DATABASE_URL), the PGlite pass runs only the
 * database-free files and PGLITE_FILES (decision 052): a file that tests something only the
 * embedded database does must be on that list, or it would run on PostgreSQL alone.
 */
describe('files that also run on PGlite beside a PostgreSQL pass', () => {
  it.each(PGLITE_FILES)('%s exists, opens a database and is not skipped on PGlite', (file) => {
    expect(testFiles).toContain(file);
    expect(DATABASE_FREE_FILES).not.toContain(file);
    const text = source(file);
    expect(DATABASE_SIGNS.some((sign) => sign.test(text))).toBe(true);
    expect(text).not.toMatch(/\.skipIf\(!\w+\)/);
  });

  it('every file that speaks of PGlite is on the list', () => {
    const speaking = testFiles.filter(
      (file) =>
        file !== ownFile &&
        !DATABASE_FREE_FILES.includes(file) &&
        /PGlite|@electric-sql\/pglite/.test(source(file)),
    );
    expect(speaking.length).toBeGreaterThan(0);
    expect(PGLITE_FILES).toEqual(expect.arrayContaining(speaking));
  });
});

/*
 * The PostgreSQL pass also leaves EMBEDDED_ONLY_FILES to the PGlite pass (decision 069): they open
 * the embedded database whatever TEST_DATABASE_URL says, so on that pass they would only repeat
 * themselves. A PGlite file that follows TEST_DATABASE_URL (through the test helpers or the
 * variable itself) has a PostgreSQL half and must not be on the list; one that never does must be.
 */
const FOLLOWS_TEST_DATABASE =
  /TEST_DATABASE_URL|createTestApp\(|createTestDatabase\(|faults\/support|quality\/world/;

describe('files that run on the embedded database only', () => {
  it.each(PGLITE_FILES)('%s is on the list exactly when it never follows TEST_DATABASE_URL', (file) => {
    expect(EMBEDDED_ONLY_FILES.includes(file), file).toBe(!FOLLOWS_TEST_DATABASE.test(source(file)));
  });

  it('lists only PGlite files', () => {
    expect(PGLITE_FILES).toEqual(expect.arrayContaining(EMBEDDED_ONLY_FILES));
  });

  it('would see a file that follows TEST_DATABASE_URL', () => {
    expect(FOLLOWS_TEST_DATABASE.test('const serverUrl = process.env.TEST_DATABASE_URL;')).toBe(true);
    expect(FOLLOWS_TEST_DATABASE.test('t = await createTestApp({ clock });')).toBe(true);
    expect(FOLLOWS_TEST_DATABASE.test("const entry = await bundledEntry('server');")).toBe(false);
  });
});

/*
 * The API's files share a process per worker (decision 052), except OWN_PROCESS_FILES: a file that
 * replaces a module for the whole file would be handed an already loaded module, or leave its mock
 * to the next file, so each such file keeps a process of its own.
 */
describe('files that keep a process of their own', () => {
  const mocking = (file: string) => /\bvi\.(mock|doMock|unmock)\(/.test(source(file));

  it('are exactly the files that mock a module', () => {
    expect(testFiles.filter((file) => file !== ownFile && mocking(file)).sort()).toEqual(
      [...OWN_PROCESS_FILES].sort(),
    );
  });

  it('would refuse a file that mocks a module', () => {
    expect(/\bvi\.(mock|doMock|unmock)\(/.test("vi.mock('fastify', async () => ({}));")).toBe(true);
  });
});
