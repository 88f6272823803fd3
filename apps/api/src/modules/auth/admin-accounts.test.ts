import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { loadPasswordStrength, passwordStrength } from '@substytut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { ensureAdmin, MissingPasswordError } from './admin-accounts.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function loginOver(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: await csrfHeaders(t.app),
    payload: { email, password, 'cf-turnstile-response': 'local' },
  });
}

describe('ensureAdmin', () => {
  it('creates a verified administrator who can log in', async () => {
    const { action, user } = await ensureAdmin(
      t.db,
      { email: ' Boss@Example.com ', password: 'Szef12345!' },
      t.clock.now(),
    );
    expect(action).toBe('created');
    expect(user).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(user.emailVerifiedAt).not.toBeNull();
    const res = await loginOver('boss@example.com', 'Szef12345!');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('admin');
  });

  it('promotes and verifies an existing user, keeping the password unless a new one is given', async () => {
    const existing = await t.seed.user({ verified: false, password: 'Stare1234!' });
    const promoted = await ensureAdmin(t.db, { email: existing.email }, t.clock.now());
    expect(promoted.action).toBe('promoted');
    expect(promoted.user.role).toBe('admin');
    expect(promoted.user.emailVerifiedAt).not.toBeNull();
    expect(promoted.user.passwordHash).toBe(existing.passwordHash);

    expect((await ensureAdmin(t.db, { email: existing.email }, t.clock.now())).action).toBe('unchanged');
    await ensureAdmin(t.db, { email: existing.email, password: 'Nowe12345!' }, t.clock.now());
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(await verify(row!.passwordHash!, 'Nowe12345!')).toBe(true);
  });

  it('needs a password to create an account', async () => {
    await expect(ensureAdmin(t.db, { email: 'nobody@example.com' }, t.clock.now())).rejects.toBeInstanceOf(
      MissingPasswordError,
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'nobody@example.com'))).toHaveLength(0);
  });
});

describe('seedDemoAccounts', () => {
  it('uses passwords the registration would accept (decision 015)', async () => {
    await loadPasswordStrength();
    for (const account of DEMO_ACCOUNTS)
      expect(passwordStrength(account.password, account.email).strong, account.email).toBe(true);
  });

  it('creates the demo administrator and lawyer once', async () => {
    const first = await seedDemoAccounts(t.db, t.clock.now());
    expect(first.map((a) => a.created)).toEqual([true, true]);
    const second = await seedDemoAccounts(t.db, t.clock.now());
    expect(second.map((a) => a.created)).toEqual([false, false]);
    for (const account of DEMO_ACCOUNTS) {
      const rows = await t.db.select().from(users).where(eq(users.email, account.email));
      expect(rows).toHaveLength(1);
      const res = await loginOver(account.email, account.password);
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().data.user.role).toBe(account.role);
    }
  });

  it("lists the demo lawyer's profile in the admin table before its first login, and gives the admin none", async () => {
    await seedDemoAccounts(t.db, t.clock.now());
    const admin = await loginOver(DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].password);
    const headers = { authorization: `Bearer ${admin.json().data.token}` };
    const own = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('profile.admin_has_none');
    const table = async (q: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/profile?q=${q}`, headers });
      expect(response.statusCode).toBe(200);
      return (response.json().data.data as { email: string; fullname: string }[]).map(({ email, fullname }) => ({
        email,
        fullname,
      }));
    };
    expect(await table('lawyer@substytut.local')).toEqual([{ email: DEMO_ACCOUNTS[1].email, fullname: 'Prawnik Demo' }]);
    expect(await table('admin@substytut.local')).toEqual([]);
  });
});
