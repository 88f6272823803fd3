import { composeApp } from './composition/build-app.ts';
import { ConfigError, exposureWarning, loadConfig, type Config } from './modules/app/config.ts';
import { trackConnectionsForShutdown } from './modules/app/graceful-close.ts';
import { seedDemoAccounts } from './modules/auth/index.ts';
import { runLicenceChecks } from './modules/licence/index.ts';
import { runMyDataSweeps } from './modules/my-data/index.ts';
import { runBoardClock } from './modules/board/index.ts';
import { sendHearingReminders, sendRemoteLinkReminders, startClockJob } from './modules/offers/index.ts';
import { createMailTransport, startMailWorker } from './modules/mail/index.ts';
import { secretsKey } from './modules/app/secrets-key.ts';
import { mailInvoiceToPayer } from './modules/invoices/index.ts';
import { startKsefWorker } from './modules/ksef/index.ts';
import { runDailyDigest, startAlertsWorker } from './modules/alerts/index.ts';

// How long shutdown may take before the process exits anyway.
const SHUTDOWN_GRACE_MS = 8000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const { app, services } = await composeApp(config);
  if (!config.isProduction) {
    const accounts = await seedDemoAccounts(app.db, app.clock.now());
    // Printed on purpose: these are public demo credentials, and only outside production.
    const list = accounts.map(
      (a) => `${a.email} / ${a.password} (${a.role}${a.created ? '' : ', existed already'})`,
    );
    app.log.info(`demo accounts: ${list.join(', ')}`);
  }
  const transport = createMailTransport(config.mail);
  const mailWorker = startMailWorker({
    db: app.db,
    transport,
    clock: app.clock,
    log: app.log.child({ component: 'mail-worker' }),
  });
  // Sends the invoices issued for KSeF, retries through outages, writes the KSeF number and UPO back.
  const ksefWorker = startKsefWorker({
    db: app.db,
    port: services.ksef,
    storage: app.storage,
    clock: app.clock,
    secretsKey: secretsKey(config),
    platformToken: config.ksef.platformToken,
    intervalMs: config.ksefPollMs,
    log: app.log.child({ component: 'ksef-worker' }),
    // An invoice the product issues reaches its payer once KSeF accepted it (issue 34).
    onAccepted: async (tx, invoiceId) => {
      await mailInvoiceToPayer({ config }, tx, invoiceId);
    },
  });
  // The board's alerts (issue 32): wave by wave from their outbox, on every instance.
  const alertsWorker = startAlertsWorker({
    ...services.alerts.deps,
    log: app.log.child({ component: 'alerts-worker' }),
  });
  // Expires offers, archives unconfirmed jobs and sends payouts, every minute.
  const clockLog = app.log.child({ component: 'clock-job' });
  const clockJob = startClockJob(services.lifecycle, clockLog, [
    async () => {
      const reminded = await sendHearingReminders(services.lifecycle);
      if (reminded) clockLog.info({ reminded }, 'clock job: hearing reminders');
    },
    async () => {
      const linkReminders = await sendRemoteLinkReminders(services.lifecycle);
      if (linkReminders) clockLog.info({ linkReminders }, 'clock job: remote hearing links missing');
    },
    async () => {
      const swept = await runMyDataSweeps(app);
      if (swept.exportsPurged || swept.accountsPurged) clockLog.info(swept, 'clock job: my data');
    },
    async () => {
      // The board's expiry and the lapse of unpaid picks (issue 32).
      const board = await runBoardClock(services.board);
      if (board.expired || board.lapsed) clockLog.info(board, 'clock job: board');
      const digests = await runDailyDigest(services.alerts.deps);
      if (digests > 0) clockLog.info({ digests }, 'clock job: board digests');
    },
    async () => {
      // Queued licence checks and the 30-day re-checks (issue 22), at the register's pace.
      const checked = await runLicenceChecks(services.licence);
      if (checked > 0) clockLog.info({ checked }, 'clock job: licence checks');
    },
  ]);

  const connections = trackConnectionsForShutdown(app.server);
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    connections.start();
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // Stop the worker first: it needs the database, which app.close() closes.
      await mailWorker.stop();
      await ksefWorker.stop();
      await alertsWorker.stop();
      await clockJob.stop();
      transport.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      address,
      publicUrl: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : `pglite (${config.pgliteDir})`,
      mail: config.mail ? 'smtp' : 'local outbox (/dev/mail)',
      storage: config.s3 ? 's3' : `disk (${config.storageDir})`,
      ksef: config.ksef.environment,
      sandbox: config.sandbox,
    },
    'ready',
  );
  const warning = exposureWarning(config);
  if (warning) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
