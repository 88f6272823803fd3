import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { apiRoot } from '../../src/modules/app/config.ts';
import { bundledEntry } from '../bundled-api.ts';
import { createEmptyPgDatabase, migrationsDir, pgTemplate } from '../helpers.ts';

/** The PostgreSQL server of the second test pass; the fault tests are skipped without it. */
export const pgServerUrl = process.env.TEST_DATABASE_URL;

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface PgDatabase {
  name: string;
  /** postgres:// URL of the new database */
  url: string;
  /** Drizzle on its own pool, for seeding and checking (not the server's connections) */
  db: Db;
  /** a plain client of its own, for holding locks and looking at pg_stat_activity */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /**
   * Runs `sql` (a SELECT … FOR UPDATE) in a transaction on a connection of its own and keeps
   * the locks until release() rolls it back.
   */
  lock(sql: string, values?: unknown[]): Promise<{ rows: number; release(): Promise<void> }>;
  /** how many backends with this application_name wait on a lock in a statement on `table` */
  waitingOnLocks(applicationName: string, table: string): Promise<number>;
  /** how many backends with this application_name are still alive */
  backends(applicationName: string): Promise<number>;
  drop(): Promise<void>;
}

/**
 * A new, migrated PostgreSQL database on TEST_DATABASE_URL's server, copied from the migrated
 * template as every test database is (decision 069: it ran every migration on an empty database
 * before); drop() removes it.
 */
export async function createPgDatabase(): Promise<PgDatabase> {
  if (!pgServerUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { name, url, drop } = await createEmptyPgDatabase(
    pgServerUrl,
    'substytut_fault',
    await pgTemplate(pgServerUrl),
  );
  const database = await openDatabase({ databaseUrl: url, migrationsDir });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    (await client.query<R>(text, values)).rows;
  const count = async (text: string, values: unknown[]) =>
    Number((await query<{ n: string }>(text, values))[0]?.n ?? 0);
  return {
    name,
    url,
    db: database.db,
    query,
    async lock(sql, values) {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('begin');
        const result = await holder.query(sql, values);
        return {
          rows: result.rowCount ?? 0,
          async release() {
            await holder.query('rollback').catch(() => undefined);
            await holder.end().catch(() => undefined);
          },
        };
      } catch (error) {
        await holder.end().catch(() => undefined);
        throw error;
      }
    },
    waitingOnLocks: (applicationName, table) =>
      count(
        `select count(*) as n from pg_stat_activity
          where datname = $1 and application_name = $2 and wait_event_type = 'Lock' and query like $3`,
        [name, applicationName, `%"${table}"%`],
      ),
    backends: (applicationName) =>
      count(`select count(*) as n from pg_stat_activity where datname = $1 and application_name = $2`, [
        name,
        applicationName,
      ]),
    async drop() {
      await client.end().catch(() => undefined);
      await database.close().catch(() => undefined);
      await drop();
    },
  };
}

/** The database URL a server process uses, tagged so its backends can be told apart. */
export function serverDatabaseUrl(database: PgDatabase, applicationName: string): string {
  const url = new URL(database.url);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

export interface ServerProcess {
  child: ChildProcess;
  /** resolves to the http://127.0.0.1:port address once the server logs "ready" */
  ready: Promise<string>;
  /** resolves to the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** SIGKILL unless it already exited; waits for the exit */
  kill(): Promise<void>;
}

const children = new Set<ServerProcess>();

/** Runs the bundled server in its own process, as `npm start` does (NODE_ENV=test, PORT=0). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const entry = await bundledEntry('server');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-fault-'));
  const child = spawn(process.execPath, [entry], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = stdout.split('\n').find((l) => l.includes('"msg":"ready"'));
      if (line) resolve((JSON.parse(line) as { address: string }).address);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr.slice(-2000)}`)));
  });
  ready.catch(() => undefined);
  const server: ServerProcess = {
    child,
    ready,
    exited,
    output: () => ({ stdout, stderr }),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      children.delete(server);
    },
  };
  children.add(server);
  return server;
}

/** For afterAll: no server process outlives the test file. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...children].map((server) => server.kill()));
}

/** true once nothing accepts connections on the address any more. */
export function refusesConnections(address: string): Promise<boolean> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
