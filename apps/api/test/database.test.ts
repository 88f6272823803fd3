import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { accessTokens, licenceChecks, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('database', () => {
  it('is migrated', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'access_tokens', 'mail_outbox']));
  });

  it('seeds users with hashed passwords', async () => {
    const user = await t.seed.user({ role: 'admin' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.role).toBe('admin');
    expect(user.emailVerifiedAt).not.toBeNull();
  });

  it('keeps e-mails unique and lowercase', async () => {
    await t.seed.user({ email: 'unique@example.com' });
    await expect(t.seed.user({ email: 'unique@example.com' })).rejects.toThrow();
    await expect(t.seed.user({ email: 'Upper@Example.com' })).rejects.toThrow();
  });

  it('rolls back a failed transaction and cascades token deletion', async () => {
    const user = await t.seed.user();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'changed' }).where(eq(users.id, user.id));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.name).toBe(user.name);

    await t.db.insert(accessTokens).values({ userId: user.id, tokenHash: `hash-${user.id}` });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toEqual([]);
  });
});

describe('migration 0010: an administrator has no lawyer profile', () => {
  it('removes the empty profiles made for administrators, and only those', async () => {
    const admin = await t.seed.user({ role: 'admin' });
    const emptyForAdmin = await t.seed.profile({
      userId: admin.id,
      active: false,
      firstname: '',
      lastname: '',
    });
    const lawyer = await t.seed.profile({ active: false });
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0010_admin_without_profile.sql', import.meta.url)),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const left = rowsOf<{ id: number }>(await t.db.execute(sql`select id from profiles`)).map((r) => r.id);
    expect(left).not.toContain(emptyForAdmin.id);
    expect(left).toContain(lawyer.id);
  });
});

describe('migration 0012: a register match alone no longer proves who holds the account (issue 30)', () => {
  it('sends register-verified licences without a typed code back to the register check, and only those', async () => {
    const now = new Date();
    const register = { licenceState: 'verified', licenceMethod: 'register', licenceVerifiedAt: now } as const;
    const unproven = await t.seed.profile(register);
    const proven = await t.seed.profile(register);
    const reviewed = await t.seed.profile({
      licenceState: 'verified',
      licenceMethod: 'review',
      licenceVerifiedAt: now,
    });
    await t.db.insert(licenceChecks).values({
      profileId: proven.id,
      askedName: 'Anna Maria Nowak',
      askedType: 'adwokat',
      askedLicenseNo: 'WAW/Adw/90002',
      source: 'code',
      fetchedAt: now,
      outcome: 'verified',
    });
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0012_wave3_trust.sql', import.meta.url)),
      'utf8',
    );
    const licenceStatement = migration.slice(migration.lastIndexOf('-- hand-written:'));
    expect(licenceStatement).toContain('"licence_state" = \'pending\'');
    await t.db.execute(sql.raw(licenceStatement));
    const states = new Map(
      rowsOf<{ id: number; licence_state: string }>(
        await t.db.execute(sql`select id, licence_state from profiles`),
      ).map((r) => [r.id, r.licence_state]),
    );
    expect(states.get(unproven.id)).toBe('pending');
    expect(states.get(proven.id)).toBe('verified');
    expect(states.get(reviewed.id)).toBe('verified');
  });
});

describe('migration 0014: a series of before becomes the numbering pattern that prints the same (issue 34)', () => {
  it('moves the settings, the counters and the invoices to the pattern, and the series goes on where it stopped', async () => {
    const profile = await t.seed.profile();
    const nip = '5260250274';
    await t.db.execute(sql`alter table invoice_settings add column series text not null default 'FV'`);
    await t.db.execute(
      sql`insert into invoice_settings (profile_id, mode, series) values (${profile.id}, 'prepare', 'ADW-Z')`,
    );
    await t.db.execute(
      sql`insert into invoice_counters (seller, series, year, next_number) values (${`nip:${nip}`}, 'ADW-Z', 2026, 8), ('platform', 'SUB', 2026, 4)`,
    );
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0014_wave3_board.sql', import.meta.url)),
      'utf8',
    );
    const handWritten = migration.slice(
      migration.indexOf('-- hand-written: issue 34'),
      migration.indexOf('-- end of hand-written'),
    );
    for (const statement of handWritten.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    await t.db.execute(sql`alter table invoice_settings drop column series`);
    const settings = rowsOf<{ number_pattern: string }>(
      await t.db.execute(sql`select number_pattern from invoice_settings where profile_id = ${profile.id}`),
    );
    expect(settings).toEqual([{ number_pattern: 'ADW-Z/{nr}/{rok}' }]);
    const counters = rowsOf<{ seller: string; series: string; next_number: number }>(
      await t.db.execute(
        sql`select seller, series, next_number from invoice_counters where seller in (${`nip:${nip}`}, 'platform') order by seller`,
      ),
    );
    expect(counters).toEqual([
      { seller: `nip:${nip}`, series: 'ADW-Z/{nr}/{rok}', next_number: 8 },
      { seller: 'platform', series: 'SUB', next_number: 4 },
    ]);
  });
});
