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
