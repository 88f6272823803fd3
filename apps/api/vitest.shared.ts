import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock` for the whole file: they need a process of their own
 * (the `apps/api:isolated` project, vitest.isolated.config.ts). Every other API test file shares its
 * worker's process and module graph with the files before it (vitest.config.ts), which saves
 * loading the app's modules, fonts and schemas again for each file (docs/testing.md, decision 046).
 * A new file that mocks a module belongs in this list.
 */
export const ISOLATED_FILES = ['test/api-contract.test.ts', 'test/quality/access-matrix.test.ts'];

/**
 * Files that never open a database (templates, PDFs, KSeF's crypto, the layers' lint, pure
 * functions): they run the same code on either driver, so the PostgreSQL pass (TEST_DATABASE_URL
 * set) leaves them to the PGlite pass instead of running them a second time. Kept true by
 * test/quality/database-free.test.ts.
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

/** The API project: `isolated` picks the files above, otherwise every other test file. */
export function apiProject(isolated: boolean) {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  return defineProject({
    test: {
      name: isolated ? 'apps/api:isolated' : 'apps/api',
      environment: 'node',
      include: isolated ? ISOLATED_FILES : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [
        ...configDefaults.exclude,
        ...(isolated ? [] : ISOLATED_FILES),
        ...(onPostgres ? DATABASE_FREE_FILES : []),
      ],
      isolate: isolated,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  });
}
