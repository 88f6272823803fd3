import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import { hashToken, newSecretToken } from '../auth/access-tokens.ts';
import type { PaymentProvider } from './payments.port.ts';
import { insertSandboxLink, type SandboxLinkPurpose } from './payments.repo.ts';

// Like Stripe's account links (minutes) and login links: long enough to fill in a form.
export const SANDBOX_LINK_TTL_MS: Record<SandboxLinkPurpose, number> = {
  onboarding: 30 * 60 * 1000,
  dashboard: 15 * 60 * 1000,
};

export const SANDBOX_PAGES_PREFIX = '/sandbox/payments';

/**
 * The embedded provider: accounts exist only in this app's database, and its onboarding and
 * dashboard pages are served by the app (sandbox-pages.routes.ts). A page opens only with a
 * random token bound to one account, so one user can never reach another's account.
 */
export function createSandboxProvider(deps: { db: Db; clock: Clock; publicUrl: string }): PaymentProvider {
  async function link(accountId: string, purpose: SandboxLinkPurpose): Promise<string> {
    const token = newSecretToken();
    const now = deps.clock.now();
    await insertSandboxLink(deps.db, {
      tokenHash: hashToken(token),
      accountId,
      purpose,
      expiresAt: new Date(now.getTime() + SANDBOX_LINK_TTL_MS[purpose]),
      now,
    });
    const path = `${SANDBOX_PAGES_PREFIX}/${purpose}/${encodeURIComponent(accountId)}`;
    return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  return {
    kind: 'sandbox',
    async createAccount() {
      return { accountId: `acct_sandbox_${randomBytes(12).toString('hex')}` };
    },
    onboardingLink: ({ accountId }) => link(accountId, 'onboarding'),
    dashboardLink: ({ accountId }) => link(accountId, 'dashboard'),
  };
}
