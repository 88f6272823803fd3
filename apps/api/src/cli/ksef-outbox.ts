// npm run ksef-outbox -- --list | --retry <invoice id>
// Shows the invoices still on their way to KSeF (with attempts and the last error), the ones
// KSeF rejected and the ones that could not be built, or sends one again at the worker's next
// pass. Reads the same environment as the server (DATABASE_URL, or PGlite under DATA_DIR). With PGlite, stop the server first: the
// embedded database allows one process at a time.
import { parseArgs } from 'node:util';
import { findAllInvoiceFailures, retryInvoiceKsef } from '../modules/invoices/index.ts';
import { systemClock } from '../modules/app/clock.ts';
import { AppError } from '../modules/app/errors.ts';
import { ksefBacklog } from '../modules/ksef/index.ts';
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
      // A duplicate (440) takes its NIP's next free number first (decision 027).
      const queued = await retryInvoiceKsef({ db: database.db, clock: systemClock }, retryId).catch(
        (error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        },
      );
      if (queued)
        console.log(
          `invoice ${retryId} (${queued.number}): queued for KSeF again (the worker sends it at its next pass)`,
        );
      else {
        console.error(
          `invoice ${retryId}: nothing to retry (no such queued invoice, or KSeF already accepted it)`,
        );
        process.exitCode = 2;
      }
      return;
    }
    const rows = await ksefBacklog(database.db);
    const failures = await findAllInvoiceFailures(database.db);
    if (rows.length === 0 && failures.length === 0)
      console.log(`nothing waiting or rejected [KSEF_ENV=${config.ksef.environment}]`);
    for (const { failure } of failures) {
      console.log(
        [
          `not built (failure ${failure.id})`,
          `offer ${failure.offerId}`,
          failure.platform ? 'platform' : 'lawyer',
          failure.kind,
          failure.reason,
          `attempts ${failure.attempts}`,
          failure.details.join(' | '),
        ].join('\t'),
      );
    }
    for (const row of rows) {
      console.log(
        [
          `invoice ${row.invoiceId}`,
          row.number,
          row.ksefStatus,
          `attempts ${row.attempts}`,
          row.ksefStatus === 'rejected'
            ? `rejected${row.ksefErrorCode === null ? '' : ` (KSeF ${row.ksefErrorCode})`}`
            : `next ${row.nextAttemptAt.toISOString()}`,
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
