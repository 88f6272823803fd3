import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that never open a database (templates, PDFs, KSeF's crypto, the layers' lint, pure
 * functions): they run the same code on either driver, so the PostgreSQL pass (TEST_DATABASE_URL
 * set) leaves them to the PGlite pass instead of running them a second time (decision 046). Kept
 * true by test/quality/database-free.test.ts.
 */
export const DATABASE_FREE_FILES = [
  'src/modules/alerts/event-streams.test.ts',
  'src/modules/app/error-codes.test.ts',
  'src/modules/app/public-page-cache.test.ts',
  'src/modules/app/web-app.test.ts',
  'src/modules/auth/client-address.test.ts',
  'src/modules/board/board.access.test.ts',
  'src/modules/documents/pdf.test.ts',
  'src/modules/documents/substitution-document.test.ts',
  'src/modules/invoices/fa3.test.ts',
  'src/modules/invoices/invoices.pdf.test.ts',
  'src/modules/ksef/ksef.client.test.ts',
  'src/modules/ksef/ksef.crypto.test.ts',
  'src/modules/ksef/ksef.sandbox.test.ts',
  'src/modules/mail/mail.attachments.test.ts',
  'src/modules/mail/templates/gender-neutral.test.ts',
  'src/modules/mail/templates/licence.test.ts',
  'src/modules/mail/templates/templates.test.ts',
  'src/modules/offers/mails/dispute-mails.test.ts',
  'src/modules/offers/mails/payment-mails.test.ts',
  'test/court-hierarchy.test.ts',
  'test/quality/layers.test.ts',
  'test/refresh-courts.test.ts',
];

/**
 * Files that open a database and test what only the embedded PGlite does: they run on PGlite even
 * when a PostgreSQL pass runs the other database files (decision 052). Kept true by
 * test/quality/database-free.test.ts (a file that speaks of PGlite is on this list).
 */
export const PGLITE_FILES = [
  // The migrations and the migrated dump every PGlite test database is loaded from.
  'test/database.test.ts',
  // The embedded start: a fresh PGlite data folder, its migrations and the demo seed.
  'test/server.test.ts',
  // The CLI opening the embedded database in its data folder.
  'src/cli/create-admin.test.ts',
  // Two app instances on PGlite's one connection.
  'src/modules/ksef/ksef.worker.test.ts',
  'src/modules/licence/advocates-register.test.ts',
  // Concurrent requests queued on PGlite's one connection.
  'src/modules/my-data/concurrent-requests.test.ts',
  // PGlite's own LISTEN wakes the alerts worker and feeds the board's events.
  'src/modules/alerts/alerts.test.ts',
  // PGlite's collation (C) orders the admin lists.
  'src/modules/admin/admin.test.ts',
];

/**
 * PGLITE_FILES that open the embedded database whatever TEST_DATABASE_URL says: the server started
 * as `npm start` starts it, without DATABASE_URL, on a fresh PGlite folder. In the PostgreSQL pass
 * they would run the very same tests a second time, so that pass leaves them to the PGlite pass
 * (decision 069). Kept true by test/quality/database-free.test.ts (a PGlite file that never follows
 * TEST_DATABASE_URL is on this list, and a file on it never does).
 */
export const EMBEDDED_ONLY_FILES = ['test/server.test.ts'];

/**
 * Files that replace a module for the whole file (`vi.mock('fastify')`): they keep a process each
 * (the `apps/api-own-process` project, vitest.own-process.config.ts), since a shared process would
 * hand them an already loaded fastify, or hand the mock to the next file (decisions 046, 052).
 * Kept true by test/quality/database-free.test.ts.
 */
export const OWN_PROCESS_FILES = ['test/api-contract.test.ts', 'test/quality/access-matrix.test.ts'];

/**
 * Which API test files this run takes, in one of the two projects:
 * - TEST_DATABASE_URL set (the PostgreSQL pass): every file but the database-free and the
 *   embedded-only ones;
 * - TEST_POSTGRES_PASS=1 without it (`npm test`'s PGlite pass beside a PostgreSQL pass): only the
 *   database-free files and the PGlite ones, since the PostgreSQL pass runs every other database
 *   file (decision 052);
 * - neither: every file, on PGlite.
 */
export function apiTestFiles(ownProcess: boolean): { include: string[]; exclude: string[] } {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const besidePostgres = !onPostgres && process.env.TEST_POSTGRES_PASS === '1';
  const taken = besidePostgres
    ? [...DATABASE_FREE_FILES, ...PGLITE_FILES]
    : ['src/**/*.test.ts', 'test/**/*.test.ts'];
  return {
    include: ownProcess ? OWN_PROCESS_FILES.filter((file) => !besidePostgres || taken.includes(file)) : taken,
    exclude: [
      ...configDefaults.exclude,
      ...(onPostgres ? [...DATABASE_FREE_FILES, ...EMBEDDED_ONLY_FILES] : []),
      ...(ownProcess ? [] : OWN_PROCESS_FILES),
    ],
  };
}

export default defineProject({
  test: {
    name: 'apps/api',
    environment: 'node',
    ...apiTestFiles(false),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files share a process per worker instead of starting one each and loading the whole app
    // again (decision 052); the few that mock a module have a project of their own.
    isolate: false,
  },
});
