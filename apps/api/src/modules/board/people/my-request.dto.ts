import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  findCourt,
  grossFromNet,
  groszeToDecimalString,
  PROFESSIONAL_TYPE_IDS,
  type BoardLawyerCard,
  type MyBoardRequest,
  type ProfessionalTypeId,
} from '@substytut/shared';
import type { DbOrTx } from '../../../db/client.ts';
import {
  boardConflictChecks,
  boardFavourites,
  boardReferences,
  boardResponses,
} from '../../../db/schema/board.ts';
import { offers } from '../../../db/schema/offers.ts';
import { profiles, type ProfileRow } from '../../../db/schema/profile.ts';
import { users } from '../../../db/schema/users.ts';
import { countCompleted, publishedReferences, type BoardRequestRow } from './people.repo.ts';

/**
 * The poster's request as GET /api/user/board/requests lists it (myBoardRequestSchema), which
 * POST …/reference answers. The board's own module builds the same answer for its list; at the
 * merge the lead may pass that builder instead (people.routes.ts, `myBoardRequest`).
 */

const money = (grosze: number | null) => (grosze === null ? null : groszeToDecimalString(grosze));
const isProfession = (value: string): value is ProfessionalTypeId =>
  (PROFESSIONAL_TYPE_IDS as readonly string[]).includes(value);

interface Person {
  userName: string;
  profile: ProfileRow | null;
}

/** A lawyer as a card: never an e-mail or a phone number. */
function cardOf({ userName, profile }: Person): BoardLawyerCard {
  const name = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ').trim();
  return {
    profile_id: profile?.id ?? 0,
    name: name || userName,
    photo_url: profile?.imageKey ?? null,
    seolink: profile?.status === 'active' ? profile.seolink : null,
    verified: profile?.licenceState === 'verified',
    profession: profile && isProfession(profile.permissions) ? profile.permissions : null,
    chamber: profile?.institution || null,
  };
}

async function peopleByProfile(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ profile: profiles, userName: users.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.profile.id, row]));
}

async function personOfUser(db: DbOrTx, userId: string): Promise<Person> {
  const [row] = await db
    .select({ userName: users.name, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? { userName: '', profile: null };
}

export async function myBoardRequestOf(db: DbOrTx, request: BoardRequestRow): Promise<MyBoardRequest> {
  const [responses, views, [reference], [offer]] = await Promise.all([
    db
      .select()
      .from(boardResponses)
      .where(eq(boardResponses.requestId, request.id))
      .orderBy(asc(boardResponses.createdAt)),
    db
      .select()
      .from(boardConflictChecks)
      .where(eq(boardConflictChecks.requestId, request.id))
      .orderBy(asc(boardConflictChecks.checkedAt)),
    db
      .select({ text: boardReferences.text })
      .from(boardReferences)
      .where(eq(boardReferences.requestId, request.id)),
    request.offerId === null
      ? Promise.resolve([])
      : db
          .select({ offerUrl: offers.offerUrl, status: offers.status, profileId: offers.profileId })
          .from(offers)
          .where(eq(offers.id, request.offerId)),
  ]);
  const profileIds = [
    ...responses.map((r) => r.substituteProfileId),
    ...views.map((v) => v.substituteProfileId),
    ...(offer ? [offer.profileId] : []),
  ];
  const [poster, people, completed, references, favourites] = await Promise.all([
    personOfUser(db, request.posterUserId),
    peopleByProfile(db, profileIds),
    countCompleted(db, profileIds),
    publishedReferences(db, profileIds),
    profileIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: boardFavourites.substituteProfileId })
          .from(boardFavourites)
          .where(
            and(
              eq(boardFavourites.posterUserId, request.posterUserId),
              inArray(boardFavourites.substituteProfileId, profileIds),
            ),
          ),
  ]);
  const favourite = new Set(favourites.map((f) => f.id));
  const court = findCourt(request.courtId);
  const offerSeolink = offer ? people.get(offer.profileId)?.profile?.seolink : null;
  const card = (id: number): BoardLawyerCard => cardOf(people.get(id) ?? { userName: '', profile: null });
  const assigned = responses.find((r) => r.id === request.assignedResponseId);
  return {
    id: request.id,
    state: request.state,
    urgent: request.urgent,
    court_id: request.courtId,
    court_name: court?.name ?? request.courtId,
    court_city: court?.city ?? '',
    division: request.division,
    starts_at: request.startsAt.toISOString(),
    mode: request.mode,
    case_type: request.caseType,
    task: request.task,
    professions: request.professions,
    fee_net: money(request.feeNetGrosze),
    fee_gross: request.feeNetGrosze === null ? null : money(grossFromNet(request.feeNetGrosze)),
    auto_assign: request.autoAssign,
    answer_deadline: request.answerDeadline.toISOString(),
    created_at: request.createdAt.toISOString(),
    poster: cardOf(poster),
    conflict_checked: false,
    my_response: null,
    assigned_to_me: false,
    case_number: request.caseNumber,
    parties: request.parties,
    offer:
      offer && offerSeolink
        ? {
            offerUrl: offer.offerUrl,
            seolink: offerSeolink,
            payment_path: `/u/${encodeURIComponent(offerSeolink)}?o=${encodeURIComponent(offer.offerUrl)}`,
            offer_status: offer.status,
          }
        : null,
    responses: responses.map((row) => {
      const agreed = row.priceNetGrosze ?? request.feeNetGrosze;
      return {
        id: row.id,
        price_net: money(row.priceNetGrosze),
        agreed_net: money(agreed),
        agreed_gross: agreed === null ? null : money(grossFromNet(agreed)),
        message: row.message,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        substitute: {
          ...card(row.substituteProfileId),
          completed_count: completed.get(row.substituteProfileId) ?? 0,
          references: references.get(row.substituteProfileId) ?? [],
          favourite: favourite.has(row.substituteProfileId),
        },
      };
    }),
    views: views.map((view) => ({
      substitute: card(view.substituteProfileId),
      viewed_at: view.checkedAt.toISOString(),
    })),
    assigned_response_id: assigned?.id ?? request.assignedResponseId,
    pay_by: request.state === 'assigned' && request.payBy ? request.payBy.toISOString() : null,
    hidden_reason: request.hiddenReason,
    reference: reference?.text ?? null,
  };
}
