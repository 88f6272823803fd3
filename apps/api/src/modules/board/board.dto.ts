import {
  findCourt,
  grossFromNet,
  groszeToDecimalStringOrNull,
  PROFESSIONAL_TYPE_IDS,
  type BoardConflictCheckState,
  type BoardLawyerCard,
  type BoardOfferLink,
  type BoardRequestCard,
  type BoardRequestDetail,
  type BoardResponse,
  type ProfessionalTypeId,
} from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema/profile.ts';
import type { BoardRequestRow } from './board.deps.ts';
import { completedSubstitutionsOf, publishedReferencesOf } from './people/index.ts';
import {
  favouritesOf,
  offersByIds,
  peopleByProfile,
  peopleByUser,
  type BoardConflictCheckRow,
  type BoardResponseRow,
  type Person,
} from './board.repo.ts';

/** The one mapping of the board's rows to its answers (contract/board.ts). */

const money = groszeToDecimalStringOrNull;
const iso = (date: Date) => date.toISOString();

const isProfession = (value: string): value is ProfessionalTypeId =>
  (PROFESSIONAL_TYPE_IDS as readonly string[]).includes(value);

export const professionOf = (profile: ProfileRow | null): ProfessionalTypeId | null =>
  profile && isProfession(profile.permissions) ? profile.permissions : null;

export function nameOf(person: { user: { name: string }; profile: ProfileRow | null }): string {
  const profileName = [person.profile?.firstname, person.profile?.lastname].filter(Boolean).join(' ').trim();
  return profileName || person.user.name;
}

/** A lawyer as a card: never an e-mail or a phone number. */
export function lawyerCard(person: { user: Person['user']; profile: ProfileRow | null }): BoardLawyerCard {
  const { profile } = person;
  return {
    profile_id: profile?.id ?? 0,
    name: nameOf(person),
    photo_url: profile?.imageKey ?? null,
    seolink: profile?.status === 'active' ? profile.seolink : null,
    verified: profile?.licenceState === 'verified',
    profession: professionOf(profile),
    chamber: profile?.institution || null,
  };
}

/** The batched lookups behind a list of requests: no query per request or per answer. */
export interface BoardLookups {
  posters: Map<string, { user: Person['user']; profile: ProfileRow | null }>;
  substitutes: Map<number, Person>;
  completed: Map<number, number>;
  references: Map<number, { text: string; month: string }[]>;
  favourites: Set<string>;
  offers: Map<number, { id: number; offerUrl: string; status: string; profileId: number }>;
}

export async function loadLookups(
  db: DbOrTx,
  requests: readonly BoardRequestRow[],
  substituteProfileIds: readonly number[],
): Promise<BoardLookups> {
  const offerIds = requests.flatMap((r) => (r.offerId === null ? [] : [r.offerId]));
  const [posters, substitutes, completed, references, favourites, offers] = await Promise.all([
    peopleByUser(
      db,
      requests.map((r) => r.posterUserId),
    ),
    peopleByProfile(db, substituteProfileIds),
    completedSubstitutionsOf(db, substituteProfileIds),
    publishedReferencesOf(db, substituteProfileIds),
    favouritesOf(
      db,
      requests.map((r) => r.posterUserId),
    ),
    offersByIds(db, offerIds),
  ]);
  return { posters, substitutes, completed, references, favourites, offers };
}

export function responseDto(
  row: BoardResponseRow,
  request: BoardRequestRow,
  lookups: BoardLookups,
): BoardResponse | null {
  const person = lookups.substitutes.get(row.substituteProfileId);
  if (!person) return null;
  const agreed = row.priceNetGrosze ?? request.feeNetGrosze;
  return {
    id: row.id,
    price_net: money(row.priceNetGrosze),
    agreed_net: money(agreed),
    agreed_gross: agreed === null ? null : money(grossFromNet(agreed)),
    message: row.message,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    substitute: {
      ...lawyerCard(person),
      completed_count: lookups.completed.get(row.substituteProfileId) ?? 0,
      references: lookups.references.get(row.substituteProfileId) ?? [],
      favourite: lookups.favourites.has(`${request.posterUserId}:${row.substituteProfileId}`),
    },
  };
}

export interface Viewer {
  profileId: number | null;
  /** The viewer's own conflict check on this request (viewed, maybe confirmed); null: none. */
  conflictCheck: BoardConflictCheckRow | null;
  myResponse: BoardResponseRow | null;
}

/** A conflict check's two times, as the API shows them. */
export const conflictCheckState = (row: BoardConflictCheckRow): BoardConflictCheckState => ({
  viewed_at: iso(row.checkedAt),
  confirmed_at: row.confirmedAt ? iso(row.confirmedAt) : null,
});

/** What the board shows: never the case number or the parties. */
export function requestCard(row: BoardRequestRow, lookups: BoardLookups, viewer: Viewer): BoardRequestCard {
  const court = findCourt(row.courtId);
  const poster = lookups.posters.get(row.posterUserId);
  const fallback = { user: { id: row.posterUserId, name: '', email: '', locale: 'pl' as const }, profile: null };
  return {
    id: row.id,
    state: row.state,
    urgent: row.urgent,
    court_id: row.courtId,
    court_name: court?.name ?? row.courtId,
    court_city: court?.city ?? '',
    division: row.division,
    starts_at: iso(row.startsAt),
    mode: row.mode,
    case_type: row.caseType,
    task: row.task,
    professions: row.professions,
    fee_net: money(row.feeNetGrosze),
    fee_gross: row.feeNetGrosze === null ? null : money(grossFromNet(row.feeNetGrosze)),
    auto_assign: row.autoAssign,
    answer_deadline: iso(row.answerDeadline),
    created_at: iso(row.createdAt),
    poster: lawyerCard(poster ?? fallback),
    conflict_check: viewer.conflictCheck ? conflictCheckState(viewer.conflictCheck) : null,
    my_response: viewer.myResponse ? responseDto(viewer.myResponse, row, lookups) : null,
    assigned_to_me: viewer.myResponse !== null && row.assignedResponseId === viewer.myResponse.id,
  };
}

export function offerLink(row: BoardRequestRow, lookups: BoardLookups): BoardOfferLink | null {
  const offer = row.offerId === null ? undefined : lookups.offers.get(row.offerId);
  if (!offer) return null;
  const seolink = [...lookups.substitutes.values()].find((p) => p.profile.id === offer.profileId)?.profile.seolink;
  if (!seolink) return null;
  return offerLinkOf(seolink, offer.offerUrl, offer.status);
}

export const offerLinkOf = (seolink: string, offerUrl: string, status: string): BoardOfferLink => ({
  offerUrl,
  seolink,
  payment_path: `/u/${encodeURIComponent(seolink)}?o=${encodeURIComponent(offerUrl)}`,
  offer_status: status,
});

/**
 * The card with what this viewer may see beyond it: the parties once they viewed them (the
 * conflict check's first step),
 * everything for the poster and the picked substitute, the offer link for those two.
 */
export function requestDetail(
  row: BoardRequestRow,
  lookups: BoardLookups,
  viewer: Viewer,
  role: 'poster' | 'substitute',
): BoardRequestDetail {
  const card = requestCard(row, lookups, viewer);
  const everything = role === 'poster' || card.assigned_to_me;
  return {
    ...card,
    case_number: everything ? row.caseNumber : null,
    parties: everything || viewer.conflictCheck !== null ? row.parties : null,
    offer: everything ? offerLink(row, lookups) : null,
  };
}
