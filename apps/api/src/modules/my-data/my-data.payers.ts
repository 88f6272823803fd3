import { RETENTION } from '@substytut/shared';
import { and, eq, gt, inArray, lte, notInArray } from 'drizzle-orm';
import { lockFor, type Db } from '../../db/client.ts';
import {
  contactMessages,
  dataRequests,
  mailOutbox,
  offerPayments,
  offers,
  type DataRequestKind,
} from '../../db/schema.ts';
import type { BackgroundTasks } from '../app/background.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { Locale } from '@substytut/shared/locale';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import { dataRequestMail, type Mailer } from '../mail/index.ts';
import { collectPayerData } from './my-data.collect.ts';
import { myDataErrors } from './my-data.errors.ts';

export interface PayerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  config: Pick<Config, 'publicUrl' | 'supportEmail'>;
}

const HOUR = 3_600_000;
/** One confirmation mail per address and kind in this window: the form cannot flood a mailbox. */
export const DATA_REQUEST_RESEND_MS = 10 * 60_000;
const TAX_RECORD_PAYMENTS = ['paid', 'refunding', 'refunded', 'disputed'] as const;

const messages = {
  requested: {
    pl: 'Jeśli przechowujemy dane związane z tym adresem, wysłaliśmy na niego link do potwierdzenia prośby.',
    en: 'If we hold data linked to this address, we have sent it a link to confirm the request.',
  },
  deleted: {
    pl: `Usunęliśmy Twoje dane. Płatności i dane do faktur zachowujemy przez ${RETENTION.taxRecordsYears} lat, jak wymagają przepisy podatkowe, bez numeru telefonu i adresu e-mail.`,
    en: `Your data has been deleted. Payments and invoice data are kept for ${RETENTION.taxRecordsYears} years, as tax law requires, without the phone number and e-mail address.`,
  },
} as const;

/**
 * POST /api/data-requests: a payer asks for their data or its deletion. The answer is the same
 * whether or not the address is known, and leaves before it is looked up; the owner of a known
 * address gets a confirmation link.
 */
export function requestPayerData(
  deps: PayerDeps,
  input: { email: string; kind: DataRequestKind },
  locale: Locale,
) {
  const email = input.email.trim().toLowerCase();
  deps.background.run('data request mail', () => sendConfirmation(deps, email, input.kind, locale));
  return { success: true as const, message: messages.requested[locale] };
}

async function holdsDataOf(db: Db, email: string) {
  const checks = await Promise.all([
    db.select({ id: offerPayments.id }).from(offerPayments).where(eq(offerPayments.email, email)).limit(1),
    db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.email, email))
      .limit(1),
    db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email)).limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

async function sendConfirmation(deps: PayerDeps, email: string, kind: DataRequestKind, locale: Locale) {
  if (!(await holdsDataOf(deps.db, email))) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Requests at once for one address and kind take turns, so the window below holds.
    await lockFor(tx, `data-request:${kind}:${email}`);
    const [recent] = await tx
      .select({ id: dataRequests.id })
      .from(dataRequests)
      .where(
        and(
          eq(dataRequests.email, email),
          eq(dataRequests.kind, kind),
          gt(dataRequests.createdAt, new Date(now.getTime() - DATA_REQUEST_RESEND_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
    const token = newSecretToken();
    await tx.insert(dataRequests).values({
      email,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RETENTION.dataRequestLinkHours * HOUR),
      createdAt: now,
    });
    await deps.mailer.enqueue(
      dataRequestMail(
        { locale, to: email, kind, token },
        { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail },
      ),
      tx,
    );
  });
}

export type PayerRequestResult =
  | { kind: 'export'; data: Awaited<ReturnType<typeof collectPayerData>> }
  | { kind: 'delete'; message: string };

/** POST /api/data-requests/confirm: the mailed link, used once. */
export async function confirmPayerRequest(
  deps: Pick<PayerDeps, 'db' | 'clock'>,
  token: string,
  locale: Locale,
): Promise<PayerRequestResult> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const [request] = await deps.db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.tokenHash, tokenHash), gt(dataRequests.expiresAt, now)));
  if (!request) throw myDataErrors.requestInvalid();
  const email = request.email;

  if (request.kind === 'export') {
    const taken = await deps.db.delete(dataRequests).where(eq(dataRequests.id, request.id)).returning();
    if (taken.length === 0) throw myDataErrors.requestInvalid();
    return { kind: 'export', data: await collectPayerData(deps.db, email) };
  }

  await deps.db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: offerPayments.id, status: offerPayments.status, offerStatus: offers.status })
      .from(offerPayments)
      .innerJoin(offers, eq(offers.id, offerPayments.offerId))
      .where(eq(offerPayments.email, email))
      .for('update');
    // The job is paid and not yet confirmed or archived, or money is moving: the payer is still
    // needed (the confirmation link, a refund, a dispute). The link stays usable for a retry.
    const unsettled = mine.some(
      (p) =>
        p.status === 'open' ||
        p.status === 'refunding' ||
        p.status === 'disputed' ||
        (p.status === 'paid' && (p.offerStatus === 'payed' || p.offerStatus === 'done')),
    );
    if (unsettled) throw myDataErrors.payerUnsettled();
    const taken = await tx.delete(dataRequests).where(eq(dataRequests.id, request.id)).returning();
    if (taken.length === 0) throw myDataErrors.requestInvalid();
    await tx
      .delete(offerPayments)
      .where(and(eq(offerPayments.email, email), notInArray(offerPayments.status, [...TAX_RECORD_PAYMENTS])));
    const kept = mine
      .filter((p) => (TAX_RECORD_PAYMENTS as readonly string[]).includes(p.status))
      .map((p) => p.id);
    if (kept.length > 0) {
      await tx
        .update(offerPayments)
        // The grantor and the document link are no tax record: they go too.
        .set({
          email: '',
          phone: '',
          payerHash: null,
          payLink: '',
          grantor: null,
          documentTokenHash: null,
          updatedAt: now,
        })
        .where(inArray(offerPayments.id, kept));
    }
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
    await tx.delete(contactMessages).where(eq(contactMessages.email, email));
    await tx.delete(dataRequests).where(and(eq(dataRequests.email, email), lte(dataRequests.createdAt, now)));
  });
  return { kind: 'delete', message: messages.deleted[locale] };
}
