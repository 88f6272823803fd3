import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { desc, eq } from 'drizzle-orm';
import {
  mailOutbox,
  offers,
  paymentAccounts,
  profiles,
  users,
  type NewUser,
  type OfferRow,
  type ProfileRow,
  type User,
} from '../src/db/schema.ts';
import { addDays, grossFromNet, warsawDate, type OfferStatus } from '@substytut/shared';
import { composeApp, type AppOverrides } from '../src/composition/build-app.ts';
import type { Services } from '../src/composition/services.ts';
import { issueAccessToken } from '../src/modules/auth/access-tokens.ts';
import { createTestClock, type TestClock } from './test-clock.ts';
import { apiRoot, loadConfig, type Config } from '../src/modules/app/config.ts';

export const migrationsDir = path.join(apiRoot, 'drizzle');

/**
 * A digest of the committed migrations: a template made from them (PGlite's dump, PostgreSQL's
 * template database) is reused only while they are unchanged.
 */
function migrationsDigest(): string {
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  const digest = createHash('sha256');
  for (const file of files) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) digest.update(file).update(readFileSync(full));
  }
  return digest.digest('hex').slice(0, 16);
}

let templatePromise: Promise<Blob> | undefined;

/**
 * Booting an empty PGlite cluster and migrating it takes seconds; loading a dump of an already
 * migrated one takes about one. The dump is cached in the temp folder under a hash of the
 * migrations, so every test file (each in its own process) shares it.
 */
export function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const prefix = 'substytut-pglite-template-';
    const cached = path.join(tmpdir(), `${prefix}${migrationsDigest()}.tar`);
    if (existsSync(cached)) return new Blob([readFileSync(cached)]);

    const client = new PGlite();
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir('none');
    await client.close();
    try {
      // Only finished dumps of other migrations: another process's half-written one is its own.
      for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(prefix) && f.endsWith('.tar'))) {
        rmSync(path.join(tmpdir(), old), { force: true });
      }
      // Write then rename: parallel test processes never read a half-written dump.
      const partial = `${cached}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, cached);
    } catch {
      // The cache is only a saving: this process has its dump in memory either way (the temp
      // folder is shared with other checkouts' test runs, which may remove a file under it).
    }
    return dump;
  })();
  // A failed build is not remembered: the next test database tries again.
  templatePromise.catch(() => (templatePromise = undefined));
  return templatePromise;
}

/** Runs one statement on the server at `serverUrl` through a connection of its own. */
async function onPgServer(serverUrl: string, sql: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function pgDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated PostgreSQL database on `serverUrl` that test databases are copied from
 * (`CREATE DATABASE … TEMPLATE`, about 0.2 s, where running every migration takes 2–3 s). It is
 * named after the migrations' digest and kept on the server, so later runs and every test file
 * (each in its own process) share it; a changed migration gets a new one. Built under a temporary
 * name and renamed when complete, so no test copies a half-migrated database; of two processes
 * that build it at once, the second rename fails and that copy is dropped.
 */
export function pgTemplate(serverUrl: string): Promise<string> {
  let template = pgTemplates.get(serverUrl);
  if (!template) {
    template = (async () => {
      const name = `substytut_template_${migrationsDigest()}`;
      const found = await onPgServer(serverUrl, `select 1 from pg_database where datname = '${name}'`);
      if (found.rowCount) return name;
      const building = await createEmptyPgDatabase(serverUrl, `${name}_build`);
      try {
        const database = await openDatabase({ databaseUrl: building.url, migrationsDir });
        await database.close();
        await onPgServer(serverUrl, `alter database ${building.name} rename to ${name}`);
      } catch (error) {
        await building.drop();
        // Another process published the same template first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
      return name;
    })();
    template.catch(() => pgTemplates.delete(serverUrl));
    pgTemplates.set(serverUrl, template);
  }
  return template;
}

/**
 * A fresh, migrated database: in-memory PGlite loaded from a migrated dump, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database copied from a migrated template on that
 * server, dropped again on close. Either way it holds exactly what running every migration gives
 * (openDatabase still runs the migrator, which finds nothing left to apply).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ migrationsDir, pgliteLoadDataDir: await pgliteTemplate() });

  const created = await createEmptyPgDatabase(serverUrl, 'substytut_test', await pgTemplate(serverUrl));
  const database = await openDatabase({ databaseUrl: created.url, migrationsDir });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`; drop()
 * removes it again.
 */
export async function createEmptyPgDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onPgServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: pgDatabaseUrl(serverUrl, name),
    drop: async () => void (await onPgServer(serverUrl, `drop database if exists ${name} with (force)`)),
  };
}

export interface SeedUserInput extends Partial<Omit<NewUser, 'passwordHash'>> {
  /** plain password, hashed like a real registration; null for an account without one */
  password?: string | null;
  verified?: boolean;
}

/**
 * Argon2 hashes of seeded passwords, one per password for the whole process: a hash costs the
 * library's full work (about 20 MB of memory and milliseconds of CPU), and a seeded account only
 * needs a real argon2id hash of its password that verifies, which one shared hash is. Most tests
 * seed 'Password1!'; a registration or password change through the API still hashes as the
 * product does (decision 069).
 */
const seededHashes = new Map<string, Promise<string>>();

function seededHash(password: string): Promise<string> {
  let hashed = seededHashes.get(password);
  if (!hashed) {
    hashed = hash(password);
    hashed.catch(() => seededHashes.delete(password));
    seededHashes.set(password, hashed);
  }
  return hashed;
}

export function createSeed(db: Db, clock: { now(): Date }) {
  let counter = 0;
  return {
    async user(input: SeedUserInput = {}): Promise<User & { password: string | null }> {
      counter += 1;
      const { password = 'Password1!', verified = true, ...fields } = input;
      const [row] = await db
        .insert(users)
        .values({
          email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
          name: `Test User ${counter}`,
          emailVerifiedAt: verified ? clock.now() : null,
          ...fields,
          passwordHash: password === null ? null : await seededHash(password),
        })
        .returning();
      if (!row) throw new Error('seed.user: insert returned nothing');
      return { ...row, password };
    },
    /** a signed-in user: the row plus a valid bearer token and its Authorization header */
    async session(input: SeedUserInput = {}) {
      const user = await this.user(input);
      const token = await issueAccessToken(db, user.id, clock.now());
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    /**
     * A filled-in profile written directly. `active: true` (default) also gives the account a
     * ready sandbox payment account, as a real activation would.
     */
    async profile(input: SeedProfileInput = {}): Promise<ProfileRow> {
      counter += 1;
      const { userId = (await this.user()).id, active = true, ...fields } = input;
      const now = clock.now();
      const [row] = await db
        .insert(profiles)
        .values({
          userId,
          firstname: 'Jan',
          lastname: `Kowalski${counter}`,
          permissions: 'radca-prawny',
          licenseNo: `WA-${counter}`,
          specialization: 'prawo-cywilne',
          institution: 'oirp-warszawa',
          description: 'Radca prawny z doświadczeniem w sprawach cywilnych.',
          seolink: `jan-kowalski-${counter}-${randomBytes(3).toString('hex')}`,
          status: active ? 'active' : 'inactive',
          firstActiveAt: active ? now : null,
          // Issue 22: a lawyer who may create offers has a verified licence too.
          ...(active
            ? {
                licenceState: 'verified',
                licenceMethod: 'review',
                licenceVerifiedAt: now,
                licenceCheckedAt: now,
              }
            : {}),
          createdAt: now,
          updatedAt: now,
          ...fields,
        })
        .returning();
      if (!row) throw new Error('seed.profile: insert returned nothing');
      if (active) {
        await db
          .insert(paymentAccounts)
          .values({
            accountId: `acct_seed_${randomBytes(6).toString('hex')}`,
            userId,
            provider: 'sandbox',
            chargesEnabled: true,
            payoutsEnabled: true,
            detailsSubmitted: true,
          })
          .onConflictDoNothing();
      }
      return row;
    },
    /** An offer in any status, written directly (no card image); net 100.00 zł by default. */
    async offer(input: SeedOfferInput): Promise<OfferRow> {
      counter += 1;
      const { netGrosze = 10_000, status = 'active', ...fields } = input;
      const now = clock.now();
      const [row] = await db
        .insert(offers)
        .values({
          title: `Zastępstwo procesowe ${counter}`,
          expireDate: addDays(warsawDate(now), 7),
          offerUrl: randomBytes(16).toString('base64url'),
          netGrosze,
          grossGrosze: grossFromNet(netGrosze),
          status,
          createdAt: now,
          updatedAt: now,
          ...fields,
        })
        .returning();
      if (!row) throw new Error('seed.offer: insert returned nothing');
      return row;
    },
  };
}

export interface SeedProfileInput extends Partial<Omit<typeof profiles.$inferInsert, 'id'>> {
  /** the owner; a new user when absent */
  userId?: string;
  /** status 'active' with a ready payment account and a verified licence (default true) */
  active?: boolean;
}

export interface SeedOfferInput extends Partial<Omit<typeof offers.$inferInsert, 'id' | 'grossGrosze'>> {
  profileId: number;
  status?: OfferStatus;
}

export type Seed = ReturnType<typeof createSeed>;

export interface TestAppOptions extends Omit<AppOverrides, 'database' | 'clock'> {
  /** environment variables on top of the test defaults */
  env?: Record<string, string | undefined>;
  clock?: TestClock;
}

export interface TestApp {
  app: FastifyInstance;
  /** the feature services the composition root built for this app */
  services: Services;
  db: Db;
  config: Config;
  clock: TestClock;
  seed: Seed;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database, for `app.inject()`. Call close() in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    ...options.env,
  });
  const clock = options.clock ?? createTestClock(new Date());
  const database = await createTestDatabase();
  const { env: _env, clock: _clock, ...overrides } = options;
  const { app, services } = await composeApp(config, { ...overrides, database, clock });
  return {
    app,
    services,
    db: app.db,
    config,
    clock,
    seed: createSeed(app.db, clock),
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie and header for an unsafe request that passes the CSRF check. */
export async function csrfHeaders(app: FastifyInstance): Promise<{ cookie: string; 'x-xsrf-token': string }> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
  const token = response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

/** A payment row of an offer as the admin summary counts it (status, amount, pay date). */
export function paymentRow(
  offerId: number,
  status: 'paid' | 'refunded' | 'disputed' | 'open',
  price: number,
  payDate: string | null,
  expiresAt = new Date(),
) {
  return {
    offerId,
    provider: 'sandbox' as const,
    externalId: `cs_${randomBytes(6).toString('hex')}`,
    payLink: 'http://localhost/pay',
    status,
    price,
    email: 'client@example.com',
    street: 'Prosta 1',
    city: 'Warszawa',
    postCode: '00-001',
    expiresAt,
    payDate: payDate ? new Date(payDate) : null,
  };
}

/**
 * Issue 30: the newest one-time licence code the app sent to `to` (the register's contact for the
 * entry), read from the mail outbox as the advocate would read it from the mailbox.
 */
export async function licenceCodeSentTo(db: Db, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /(?:Kod|Code): (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no licence code mail to ${to}`);
  return code;
}

/**
 * One action on the sandbox provider's checkout page of a pay link, as the client's browser does
 * it: the page is opened (it must answer 200), then its form is posted. 'pay' answers 303 to the
 * success page; the response is returned for the caller to check.
 */
export async function sandboxCheckout(
  app: FastifyInstance,
  payLink: string,
  action: 'pay' | 'fail' | 'cancel' = 'pay',
) {
  const url = new URL(payLink);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (page.statusCode !== 200) throw new Error(`sandbox checkout page: ${page.statusCode} ${page.body}`);
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: url.searchParams.get('token') ?? '',
      action,
      method: 'blik',
    }).toString(),
  });
}

/** Pays a pay link through the sandbox checkout page (the provider's event pays the offer). */
export async function payThroughSandbox(app: FastifyInstance, payLink: string): Promise<void> {
  const paid = await sandboxCheckout(app, payLink, 'pay');
  if (paid.statusCode !== 303) throw new Error(`sandbox pay: ${paid.statusCode} ${paid.body}`);
}
