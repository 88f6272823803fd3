// npm run ksef-outbox -- --list | --retry <invoice id>
// Shows the invoices still on their way to KSeF (with attempts and the last error) and the ones
// KSeF rejected, or sends one again at the worker's next pass. Reads the same environment as the
// server (DATABASE_URL, or PGlite under DATA_DIR). With PGlite, stop the server first: the
// embedded database allows one process at a time.
import { parseArgs } from 'node:util';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { invoices, ksefOutbox } from '../db/schema.ts';
import { ConfigError, loadConfig } from '../modules/app/config.ts';
import { retryKsefSend } from '../modules/ksef/index.ts';

const USAGE = 'Usage: npm run ksef-outbox -- --list | --retry <invoice id>';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  let values: { list?: boolean | undefined; retry?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        list: { type: 'boolean' },
        retry: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help || (!values.list && values.retry === undefined)) {
    console.log(USAGE);
    return;
  }
  const retryId = values.retry === undefined ? undefined : Number(values.retry);
  if (retryId !== undefined && (!Number.isInteger(retryId) || retryId <= 0)) {
    fail(`--retry: an invoice id (a positive whole number) is required\n${USAGE}`);
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    migrationsDir: config.migrationsDir,
  });
  try {
    if (retryId !== undefined) {
      const queued = await retryKsefSend(database.db, retryId, new Date());
      if (queued)
        console.log(`invoice ${retryId}: queued for KSeF again (the worker sends it at its next pass)`);
      else {
        console.error(
          `invoice ${retryId}: nothing to retry (no such queued invoice, or KSeF already accepted it)`,
        );
        process.exitCode = 2;
      }
      return;
    }
    const rows = await database.db
      .select({
        invoiceId: ksefOutbox.invoiceId,
        number: invoices.number,
        ksefStatus: invoices.ksefStatus,
        attempts: ksefOutbox.attempts,
        nextAttemptAt: ksefOutbox.nextAttemptAt,
        lastError: ksefOutbox.lastError,
      })
      .from(ksefOutbox)
      .innerJoin(invoices, eq(invoices.id, ksefOutbox.invoiceId))
      .where(
        or(
          eq(ksefOutbox.state, 'pending'),
          and(eq(ksefOutbox.state, 'done'), ne(invoices.ksefStatus, 'accepted')),
        ),
      )
      .orderBy(asc(ksefOutbox.nextAttemptAt));
    if (rows.length === 0) console.log(`nothing waiting or rejected [KSEF_ENV=${config.ksef.environment}]`);
    for (const row of rows) {
      console.log(
        [
          `invoice ${row.invoiceId}`,
          row.number,
          row.ksefStatus,
          `attempts ${row.attempts}`,
          row.ksefStatus === 'rejected' ? 'rejected' : `next ${row.nextAttemptAt.toISOString()}`,
          row.lastError ?? '',
        ].join('\t'),
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
