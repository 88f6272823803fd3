import { TZDate } from '@date-fns/tz';
import { TIME_ZONE, coversRequest, findCourt, mayTakeBoardRequest, warsawDate } from '@substytut/shared';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alertSettings, boardRequests, paymentAccounts, profiles, users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/index.ts';
import type { AlertsDeps } from './alerts.deps.ts';
import { boardDigestMail } from './alerts.mails.ts';
import { substituteOf } from './alerts.outbox.ts';
import { coverageOf } from './alerts.settings.ts';
import { requestFacts } from './alerts.worker.ts';

/** The digest goes out from this Warsaw hour on, once a day per subscriber. */
export const DIGEST_HOUR = 18;
const DIGEST_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 200;

/**
 * The daily digest (run by the clock job every minute, on every instance): from DIGEST_HOUR Warsaw
 * time, each subscriber gets one mail with the open requests posted in the last 24 hours that
 * match their settings and that they may take. "Once a day" is a conditional update of
 * `digest_sent_on` in the same transaction as the mail, so two instances never both send it; a day
 * with nothing to say sends nothing. Resolves to the number of mails queued.
 */
export async function runDailyDigest(deps: Pick<AlertsDeps, 'db' | 'clock' | 'mail'>): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  if (new TZDate(now.getTime(), TIME_ZONE).getHours() < DIGEST_HOUR) return 0;
  const today = warsawDate(now);
  const open = await db
    .select()
    .from(boardRequests)
    .where(
      and(
        eq(boardRequests.state, 'open'),
        gt(boardRequests.createdAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
      ),
    )
    .orderBy(asc(boardRequests.startsAt));
  let queued = 0;
  for (;;) {
    const due = await db
      .select({
        settings: alertSettings,
        email: users.email,
        locale: users.locale,
        permissions: profiles.permissions,
        trainingStart: profiles.trainingStart,
        licenceState: profiles.licenceState,
        payoutsEnabled: paymentAccounts.payoutsEnabled,
      })
      .from(alertSettings)
      .innerJoin(users, eq(users.id, alertSettings.userId))
      .leftJoin(profiles, eq(profiles.userId, alertSettings.userId))
      .leftJoin(paymentAccounts, eq(paymentAccounts.userId, alertSettings.userId))
      .where(
        and(
          eq(alertSettings.digest, true),
          or(isNull(alertSettings.digestSentOn), lt(alertSettings.digestSentOn, today)),
          sql`${users.deletedAt} is null`,
        ),
      )
      .limit(BATCH);
    if (due.length === 0) return queued;
    for (const row of due) {
      const substitute = substituteOf(row);
      const matching = open.filter((request) => {
        const court = findCourt(request.courtId);
        return (
          court !== undefined &&
          request.posterUserId !== row.settings.userId &&
          coversRequest(coverageOf(row.settings), request) &&
          mayTakeBoardRequest(substitute, {
            professions: request.professions,
            courtKind: court.kind,
            startsAt: request.startsAt,
          })
        );
      });
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(alertSettings)
          .set({ digestSentOn: today })
          .where(
            and(
              eq(alertSettings.userId, row.settings.userId),
              or(isNull(alertSettings.digestSentOn), lt(alertSettings.digestSentOn, today)),
            ),
          )
          .returning({ userId: alertSettings.userId });
        if (claimed.length === 0 || matching.length === 0) return;
        await enqueueMail(
          tx,
          boardDigestMail(
            { to: row.email, locale: row.locale, requests: matching.map(requestFacts) },
            deps.mail,
          ),
          now,
        );
        queued += 1;
      });
    }
  }
}
