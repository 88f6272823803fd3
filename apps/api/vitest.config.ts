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

export default defineProject({
  test: {
    name: 'apps/api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE_FILES : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
