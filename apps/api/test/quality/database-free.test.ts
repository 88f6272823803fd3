import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/modules/app/config.ts';
import { DATABASE_FREE_FILES } from '../../vitest.config.ts';

/*
 * The PostgreSQL pass skips DATABASE_FREE_FILES (apps/api/vitest.config.ts), since they run the
 * same code on either driver. A file that starts opening a database must leave that list, or its
 * PostgreSQL half would silently go missing: this test refuses any sign of a database in them.
 */
const DATABASE_SIGNS = [
  /createTestApp|createTestDatabase|createEmptyPgDatabase|openDatabase|createSeed/,
  /TEST_DATABASE_URL|DATABASE_URL/,
  /quality\/world|faults\/support|dist\/server|\/helpers\.ts/,
  /@electric-sql\/pglite|from 'pg'|drizzle-orm\/(pglite|node-postgres)/,
  /^import (?!type )[^;]*from '[^']*db\/client(\.ts)?'/m,
];

describe('files the PostgreSQL pass leaves to the PGlite pass', () => {
  it.each(DATABASE_FREE_FILES)('%s opens no database', (file) => {
    const source = readFileSync(path.join(apiRoot, file), 'utf8');
    for (const sign of DATABASE_SIGNS) expect(source, `${file} matches ${sign}`).not.toMatch(sign);
  });

  it('refuses a file that creates a test app', () => {
    const source = "import { createTestApp } from '../../../test/helpers.ts';";
    expect(DATABASE_SIGNS.some((sign) => sign.test(source))).toBe(true);
  });
});
