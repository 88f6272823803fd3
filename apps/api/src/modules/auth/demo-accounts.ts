import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { findUserByEmail } from './auth.repo.ts';
import { hashPassword } from './passwords.ts';

/**
 * Accounts that let a visitor try the product right after `npm start`. Seeded only outside
 * production (server.ts), and only when missing: an account someone changed is left alone.
 */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@substytut.local',
    password: 'Demo-Admin-Substytut',
    role: 'admin',
    name: 'Administrator Demo',
  },
  {
    email: 'lawyer@substytut.local',
    password: 'Demo-Prawnik-Substytut',
    role: 'user',
    name: 'Prawnik Demo',
    // The lawyer's draft profile exists from the start, so the admin table lists it by name
    // before the first login (an administrator has no profile at all). Its entry number is the
    // sample register's practising advocate, so saving the profile matches the register and (issue
    // 30) sends the one-time code to the entry's e-mail, which the local mailbox (/dev/mail) shows.
    profile: {
      firstname: 'Prawnik',
      lastname: 'Demo',
      permissions: 'adwokat',
      institution: 'ia-warszawa',
      licenseNo: 'WAW/Adw/90001',
    },
  },
] as const;

export interface SeededAccount {
  email: string;
  password: string;
  role: string;
  created: boolean;
}

export async function seedDemoAccounts(db: Db, now: Date): Promise<SeededAccount[]> {
  const result: SeededAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let created = false;
    if (!(await findUserByEmail(db, account.email))) {
      const inserted = await db
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          role: account.role,
          passwordHash: await hashPassword(account.password),
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        // Two instances starting at once: the second insert simply does nothing.
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      created = inserted.length > 0;
    }
    if ('profile' in account) {
      const user = await findUserByEmail(db, account.email);
      if (user) {
        await db
          .insert(profiles)
          .values({ userId: user.id, ...account.profile, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: profiles.userId });
      }
    }
    result.push({ email: account.email, password: account.password, role: account.role, created });
  }
  return result;
}
