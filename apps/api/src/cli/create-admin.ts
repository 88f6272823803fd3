// npm run create-admin -- --email <e-mail> [--password <password>]
// Creates an administrator with a verified e-mail, or promotes an existing user. Reads the same
// environment as the server (DATABASE_URL, or PGlite under DATA_DIR). With PGlite, stop the
// server first: the embedded database allows one process at a time.
import { parseArgs } from 'node:util';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  loadPasswordStrength,
  passwordStrength,
} from '@substytut/shared';
import { z } from 'zod';
import { ensureAdmin, MissingPasswordError } from '../modules/auth/index.ts';
import { fail, openConfiguredDatabase } from './cli-support.ts';

const USAGE = 'Usage: npm run create-admin -- --email <e-mail> [--password <password>] [--name <name>]';

async function main() {
  let values: {
    email?: string | undefined;
    password?: string | undefined;
    name?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) fail(`--email: a valid e-mail address is required\n${USAGE}`);
  const password = values.password;
  if (
    password !== undefined &&
    (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
  ) {
    fail(`--password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (password !== undefined) {
    // The rule the registration and reset forms apply (decision 015).
    await loadPasswordStrength();
    if (!passwordStrength(password, email.data).strong)
      fail('--password: too easy to guess; use a longer password of several unrelated words');
  }

  const { config, database } = await openConfiguredDatabase();
  try {
    const { action, user } = await ensureAdmin(
      database.db,
      { email: email.data, password, ...(values.name ? { name: values.name } : {}) },
      new Date(),
    );
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
    console.log(`${action}: ${user.email} is an administrator with a verified e-mail [${where}]`);
  } catch (error) {
    if (!(error instanceof MissingPasswordError)) throw error;
    // Not fail(): the database must be closed first, which `finally` does.
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
