import {
  PROFESSIONAL_TYPE_IDS,
  alertDueAt,
  areasOfCourt,
  coversRequest,
  findCourt,
  mayTakeBoardRequest,
  type BoardSubstitute,
  type ProfessionalTypeId,
} from '@substytut/shared';
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  alertSettings,
  boardAlerts,
  boardFavourites,
  paymentAccounts,
  profiles,
  users,
  type AlertSettingsRow,
  type boardRequests,
} from '../../db/schema.ts';
import { coverageOf, quietHoursOf } from './alerts.settings.ts';

type BoardRequestRow = typeof boardRequests.$inferSelect;

const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

const isProfession = (value: string): value is ProfessionalTypeId =>
  (PROFESSIONAL_TYPE_IDS as readonly string[]).includes(value);

/** The substitute as the eligibility rule sees them, from the profile and payment account columns. */
export function substituteOf(row: {
  permissions: string | null;
  trainingStart: string | null;
  licenceState: string | null;
  payoutsEnabled: boolean | null;
}): BoardSubstitute {
  return {
    profession: row.permissions && isProfession(row.permissions) ? row.permissions : null,
    trainingStart: row.trainingStart,
    licenceVerified: row.licenceState === 'verified',
    payoutsConnected: row.payoutsEnabled === true,
  };
}

export interface AlertCandidate extends BoardSubstitute {
  settings: AlertSettingsRow;
  userId: string;
  favourite: boolean;
}

/**
 * The substitutes whose place lists name the request's court, one of its areas or its city (three
 * GIN-indexed `&&`), with what eligibility needs. A superset: the shared rules decide.
 */
export async function alertCandidates(db: DbOrTx, request: BoardRequestRow): Promise<AlertCandidate[]> {
  const court = findCourt(request.courtId);
  const place = or(
    sql`${alertSettings.courtIds} && ${textArray([request.courtId])}`,
    sql`${alertSettings.areaCourtIds} && ${textArray(areasOfCourt(request.courtId))}`,
    court ? sql`${alertSettings.cities} && ${textArray([court.city])}` : undefined,
  );
  const rows = await db
    .select({
      settings: alertSettings,
      permissions: profiles.permissions,
      trainingStart: profiles.trainingStart,
      licenceState: profiles.licenceState,
      payoutsEnabled: paymentAccounts.payoutsEnabled,
      favourite: sql<boolean>`${boardFavourites.substituteProfileId} is not null`,
    })
    .from(alertSettings)
    .innerJoin(profiles, eq(profiles.userId, alertSettings.userId))
    .innerJoin(users, eq(users.id, alertSettings.userId))
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, alertSettings.userId))
    .leftJoin(
      boardFavourites,
      and(
        eq(boardFavourites.posterUserId, request.posterUserId),
        eq(boardFavourites.substituteProfileId, profiles.id),
      ),
    )
    .where(
      and(
        place,
        or(eq(alertSettings.email, true), eq(alertSettings.push, true)),
        ne(alertSettings.userId, request.posterUserId),
        sql`${users.deletedAt} is null`,
        eq(profiles.licenceState, 'verified'),
      ),
    );
  return rows.map((row) => ({
    ...substituteOf(row),
    settings: row.settings,
    userId: row.settings.userId,
    favourite: row.favourite,
  }));
}

export interface QueuedAlert {
  requestId: string;
  userId: string;
  channel: 'email' | 'push';
  wave: number;
  dueAt: Date;
}

/** Who is alerted, on which channel and when: the coverage, who may take it, the wave and the quiet hours. */
export function alertsFor(
  request: BoardRequestRow,
  candidates: readonly AlertCandidate[],
  postedAt: Date,
): QueuedAlert[] {
  const court = findCourt(request.courtId);
  if (!court) return [];
  const alerts: QueuedAlert[] = [];
  for (const candidate of candidates) {
    if (!coversRequest(coverageOf(candidate.settings), request)) continue;
    const eligible = mayTakeBoardRequest(candidate, {
      professions: request.professions,
      courtKind: court.kind,
      startsAt: request.startsAt,
    });
    if (!eligible) continue;
    const dueAt = alertDueAt({
      postedAt,
      urgent: request.urgent,
      favourite: candidate.favourite,
      quietHours: quietHoursOf(candidate.settings),
    });
    const wave = request.urgent || candidate.favourite ? 1 : 2;
    for (const channel of ['email', 'push'] as const) {
      if (candidate.settings[channel])
        alerts.push({ requestId: request.id, userId: candidate.userId, channel, wave, dueAt });
    }
  }
  return alerts;
}

const INSERT_BATCH = 1000;

/**
 * Queues every alert of a new request, inside the posting transaction: the alerts exist exactly
 * when the request does, and a crash after the commit loses none. Posting again (a retried
 * transaction) queues nothing twice.
 */
export async function queueRequestAlerts(
  tx: DbOrTx,
  request: BoardRequestRow,
  postedAt: Date,
): Promise<number> {
  if (request.state !== 'open') return 0;
  const alerts = alertsFor(request, await alertCandidates(tx, request), postedAt);
  for (let i = 0; i < alerts.length; i += INSERT_BATCH) {
    await tx
      .insert(boardAlerts)
      .values(
        alerts.slice(i, i + INSERT_BATCH).map((a) => ({ ...a, nextAttemptAt: a.dueAt, createdAt: postedAt })),
      )
      .onConflictDoNothing();
  }
  return alerts.length;
}
