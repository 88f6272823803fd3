import { TZDate } from '@date-fns/tz';
import { addDays, TIME_ZONE, warsawDate, warsawStartOfDay, type Locale } from '@substytut/shared';
import type { OfferRow } from '../../../db/schema.ts';
import { enqueueMail } from '../../mail/index.ts';
import { findPaidPayment } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, hearingOf } from '../offers.dto.ts';
import { lawyerOf, markHearingReminded, paidHearingsBetween, type OfferWithLawyer } from '../offers.repo.ts';
import { hearingReminderMail } from './mails.ts';

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
 * Both sides of each paid hearing get one reminder e-mail the day before (run by the clock job
 * every minute, on any number of instances). Marking the offer reminded and queueing both mails
 * commit together, and the mark is a conditional update, so a hearing is reminded once, never
 * twice. A hearing paid for later than that (its day-before morning has passed) is reminded at
 * once while it is still ahead.
 */
export async function sendHearingReminders(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const candidates = await paidHearingsBetween(deps.db, now, new Date(now.getTime() + LOOKAHEAD_MS));
  let sent = 0;
  for (const { id, hearingAt } of candidates) {
    if (!hearingAt || reminderDueAt(hearingAt).getTime() > now.getTime()) continue;
    const reminded = await deps.db.transaction(async (tx) => {
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
    });
    if (reminded) sent += 1;
  }
  return sent;
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
