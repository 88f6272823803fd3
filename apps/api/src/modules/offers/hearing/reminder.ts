import { TZDate } from '@date-fns/tz';
import { addDays, TIME_ZONE, warsawDate, warsawStartOfDay, type Locale } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { enqueueMail } from '../../mail/index.ts';
import { findPaidPayment } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, hearingOf } from '../offers.dto.ts';
import {
  lawyerOf,
  markHearingReminded,
  markRemoteLinkReminded,
  paidHearingsBetween,
  paidRemoteHearingsWithoutLink,
  type OfferWithLawyer,
} from '../offers.repo.ts';
import { hearingReminderMail, remoteLinkMissingMail } from './mails.ts';

/** The reminder goes out from 08:00 Warsaw time on the day before the hearing. */
const REMINDER_HOUR = 8;

/** When the reminder of a hearing at `hearingAt` is due. */
export function reminderDueAt(hearingAt: Date): Date {
  const dayBefore = addDays(warsawDate(hearingAt), -1);
  const start = new TZDate(warsawStartOfDay(dayBefore).getTime(), TIME_ZONE);
  start.setHours(REMINDER_HOUR);
  return new Date(start.getTime());
}

const LOOKAHEAD_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The clock's day-before reminders: each candidate whose reminder is due (from 08:00 Warsaw time
 * the day before, or at once when paid later) is marked and mailed in one transaction; the mark is
 * a conditional update, so any number of instances remind each hearing once, never twice.
 */
async function remindDue(
  deps: LifecycleDeps,
  candidates: (now: Date, until: Date) => Promise<{ id: number; hearingAt: Date | null }[]>,
  remind: (tx: Tx, id: number, now: Date) => Promise<boolean>,
): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const { id, hearingAt } of await candidates(now, new Date(now.getTime() + LOOKAHEAD_MS))) {
    if (!hearingAt || reminderDueAt(hearingAt).getTime() > now.getTime()) continue;
    if (await deps.db.transaction((tx) => remind(tx, id, now))) sent += 1;
  }
  return sent;
}

/** Both sides of each paid hearing get one reminder e-mail the day before. */
export function sendHearingReminders(deps: LifecycleDeps): Promise<number> {
  return remindDue(
    deps,
    (from, to) => paidHearingsBetween(deps.db, from, to),
    async (tx, id, now) => {
      const row = await markHearingReminded(tx, id, now);
      if (!row) return false;
      const found = await lawyerOf(tx, row);
      const payment = await findPaidPayment(tx, id);
      const send = (to: string, locale: Locale, side: 'lawyer' | 'payer') =>
        enqueueMail(
          tx,
          hearingReminderMail({ ...reminderInput(row, to, locale, side, found), now }, mailContextOf(deps)),
          now,
        );
      if (found) await send(found.lawyer.email, found.lawyer.locale, 'lawyer');
      if (payment) await send(payment.email, payment.locale, 'payer');
      return true;
    },
  );
}

/**
 * The lawyer of a paid remote hearing that still has no link the day before is reminded to add it
 * (issue 34), once; the mark also requires the link to be missing still.
 */
export function sendRemoteLinkReminders(deps: LifecycleDeps): Promise<number> {
  return remindDue(
    deps,
    (from, to) => paidRemoteHearingsWithoutLink(deps.db, from, to),
    async (tx, id, now) => {
      const row = await markRemoteLinkReminded(tx, id, now);
      if (!row) return false;
      const found = await lawyerOf(tx, row);
      if (found) {
        const input = { to: found.lawyer.email, locale: found.lawyer.locale, offer: row };
        await enqueueMail(tx, remoteLinkMissingMail(input, mailContextOf(deps)), now);
      }
      return true;
    },
  );
}

function reminderInput(
  offer: OfferRow,
  to: string,
  locale: Locale,
  side: 'lawyer' | 'payer',
  found: OfferWithLawyer | null,
) {
  return {
    to,
    locale,
    side,
    offer,
    hearing: hearingOf(offer),
    lawyerName: found ? fullNameOf(found.profile) : '',
    seolink: found?.profile.seolink ?? '',
  };
}
