import { openDatabase, type Database } from '../db/client.ts';
import { ConfigError, loadConfig, type Config } from '../modules/app/config.ts';

/** Ends a command-line tool with a message: 2 for a wrong invocation, 1 for a bad environment. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** The configuration and database the server would use, from the same environment. */
export async function openConfiguredDatabase(): Promise<{ config: Config; database: Database }> {
  let config: Config;
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
  return { config, database };
}
