import { and, eq, gt, isNotNull, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  paymentAccounts,
  processedEvents,
  sandboxPaymentLinks,
  type PaymentAccountRow,
  type PaymentProviderKind,
} from '../../db/schema/payments.ts';
import { users } from '../../db/schema.ts';
import type { AccountState } from './payments.port.ts';
import type { Locale } from '@substytut/shared/locale';

export async function findAccountByUser(db: DbOrTx, userId: string): Promise<PaymentAccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Records a new account for the user. An account of another provider (left from before a switch
 * to Stripe) is replaced; an account of the same provider already there wins, so two racing
 * connections end with one account.
 */
export async function saveNewAccount(
  db: DbOrTx,
  input: { userId: string; accountId: string; provider: PaymentProviderKind; now: Date },
): Promise<void> {
  await db
    .insert(paymentAccounts)
    .values({ ...input, createdAt: input.now, updatedAt: input.now })
    .onConflictDoUpdate({
      target: paymentAccounts.userId,
      set: {
        accountId: input.accountId,
        provider: input.provider,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        stateAt: null,
        createdAt: input.now,
        updatedAt: input.now,
      },
      setWhere: ne(paymentAccounts.provider, input.provider),
    });
}

/** Applies a reported state unless a newer one was applied already; the owner's id, or null. */
export async function applyAccountState(
  db: DbOrTx,
  state: AccountState,
  stateAt: Date,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(paymentAccounts)
    .set({
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      detailsSubmitted: state.detailsSubmitted,
      stateAt,
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentAccounts.accountId, state.accountId),
        or(isNull(paymentAccounts.stateAt), lte(paymentAccounts.stateAt, stateAt)),
      ),
    )
    .returning({ userId: paymentAccounts.userId });
  return row?.userId ?? null;
}

/** true the first time an event is seen; false for a repeated delivery. */
export async function recordEvent(
  db: DbOrTx,
  event: { provider: PaymentProviderKind; id: string; type: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(processedEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return rows.length > 0;
}

export type SandboxLinkPurpose = 'onboarding' | 'dashboard';

export async function insertSandboxLink(
  db: DbOrTx,
  input: { tokenHash: string; accountId: string; purpose: SandboxLinkPurpose; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...values } = input;
  await db.insert(sandboxPaymentLinks).values({ ...values, createdAt: now });
}

export interface SandboxLinkTarget {
  account: PaymentAccountRow;
  email: string;
  locale: Locale;
}

type SandboxLinkKey = { tokenHash: string; accountId: string; purpose: SandboxLinkPurpose };

/** The link's account and owner, only when the link names that same account and is in `state`. */
async function sandboxLinkOwner(
  db: DbOrTx,
  input: SandboxLinkKey,
  state: SQL | undefined,
): Promise<SandboxLinkTarget | null> {
  const [row] = await db
    .select({ account: paymentAccounts, email: users.email, locale: users.locale })
    .from(sandboxPaymentLinks)
    .innerJoin(paymentAccounts, eq(paymentAccounts.accountId, sandboxPaymentLinks.accountId))
    .innerJoin(users, eq(users.id, paymentAccounts.userId))
    .where(
      and(
        eq(sandboxPaymentLinks.tokenHash, input.tokenHash),
        eq(sandboxPaymentLinks.accountId, input.accountId),
        eq(sandboxPaymentLinks.purpose, input.purpose),
        state,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The account a live, unused link of this purpose opens, only when it names that same account. */
export function findSandboxLinkTarget(
  db: DbOrTx,
  input: SandboxLinkKey & { now: Date },
): Promise<SandboxLinkTarget | null> {
  return sandboxLinkOwner(
    db,
    input,
    and(gt(sandboxPaymentLinks.expiresAt, input.now), isNull(sandboxPaymentLinks.usedAt)),
  );
}

/** The language of the account a link of this purpose belonged to, when that link was used. */
export async function usedSandboxLinkLocale(db: DbOrTx, input: SandboxLinkKey): Promise<Locale | null> {
  return (await sandboxLinkOwner(db, input, isNotNull(sandboxPaymentLinks.usedAt)))?.locale ?? null;
}

/** Marks a link used; false when another request used it first. */
export async function useSandboxLink(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxPaymentLinks)
    .set({ usedAt: now })
    .where(and(eq(sandboxPaymentLinks.tokenHash, tokenHash), isNull(sandboxPaymentLinks.usedAt)))
    .returning({ tokenHash: sandboxPaymentLinks.tokenHash });
  return rows.length > 0;
}
