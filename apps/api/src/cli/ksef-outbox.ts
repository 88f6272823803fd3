// npm run ksef-outbox -- --list | --retry <invoice id>
// Shows the invoices still on their way to KSeF (with attempts and the last error) and the ones
// KSeF rejected, or sends one again at the worker's next pass. Reads the same environment as the
// server (DATABASE_URL, or PGlite under DATA_DIR). With PGlite, stop the server first: the
// embedded database allows one process at a time.
import { parseArgs } from 'node:util';
import { ksefBacklog, retryKsefSend } from '../modules/ksef/index.ts';
import { fail, openConfiguredDatabase } from './cli-support.ts';

const USAGE = 'Usage: npm run ksef-outbox -- --list | --retry <invoice id>';

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

  const { config, database } = await openConfiguredDatabase();
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
    const rows = await ksefBacklog(database.db);
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
