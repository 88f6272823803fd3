import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** A Drizzle database over either driver. Transactions (`db.transaction`) work on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on a channel: PostgreSQL through one dedicated connection per call (reconnected when
   * lost), PGlite through its own listen. Resolves to the function that stops listening. Absent
   * on a database made by hand (tests): then nothing crosses processes.
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

const LISTEN_RETRY_MS = 1000;

/** One dedicated connection LISTENing on `channel`; a lost connection is replaced after a second. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const reconnect = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(reconnect), LISTEN_RETRY_MS);
      retry.unref();
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' (or undefined) keeps it in memory */
  pgliteDir?: string | undefined;
  migrationsDir: string;
  /** start PGlite from a dump made with `dumpDataDir()` instead of an empty cluster */
  pgliteLoadDataDir?: Blob | undefined;
}

// Any fixed number works: it only has to be the same for every instance that migrates.
const MIGRATION_LOCK_ID = 724_511_903;

/** Opens the database and applies the committed migrations before returning. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server terminates (restart, failover, a dropped database) is emitted
    // here; without a listener it would crash the process. The pool replaces it on next use.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    try {
      // Several instances may start at once; the advisory lock lets only one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), {
            migrationsFolder: options.migrationsDir,
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    const databaseUrl = options.databaseUrl;
    return {
      db,
      driver: 'postgres',
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      async listen(channel, onMessage) {
        const stop = await listenOnPostgres(databaseUrl, channel, onMessage);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
    };
  }

  const dir = options.pgliteDir;
  if (dir && !dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  try {
    await client.waitReady;
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder: options.migrationsDir });
    return {
      db: pgliteDb as unknown as Db,
      driver: 'pglite',
      close: () => client.close(),
      listen: (channel, onMessage) => client.listen(channel, onMessage),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** Rows of a raw `db.execute()` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Queues the transaction behind any other that holds the same key, until it ends: requests that
 * must make one thing (one live feed, one export, one mail per address) check and write in turn,
 * on any number of instances. PostgreSQL's transaction-level advisory lock, keyed by a 64-bit hash
 * of `key`; PGlite has one connection, so there it never waits.
 */
export async function lockFor(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
