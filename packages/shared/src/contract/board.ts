import { z } from 'zod';
import { decimalPlnSchema } from '../api-types.ts';
import { HEARING_MODES } from '../hearing.ts';
import { PROFESSIONAL_TYPE_IDS } from '../reference-data/professional-types.ts';
import { hourMinuteField } from '../validation/fields.ts';

/**
 * Shapes of the substitution board (issue 32): a lawyer posts a hearing, verified substitutes who
 * cover that court are alerted, answer, and the answer the poster picks becomes an offer. The
 * paths are the issue's; request bodies are validated by the API with these schemas (errors are
 * catalogue keys), responses are what the routes answer inside `{ data }`.
 */

export const BOARD_CASE_TYPES = [
  'civil',
  'criminal',
  'family',
  'labour',
  'commercial',
  'administrative',
  'other',
] as const;
export type BoardCaseType = (typeof BOARD_CASE_TYPES)[number];

/**
 * open → assigned (a response was picked; waiting for payment) → paid (the offer is paid);
 * open → expired (deadline passed) | cancelled (by the poster) | hidden (by an administrator);
 * assigned → open (not paid within BOARD_ASSIGNMENT_PAY_HOURS) | cancelled | hidden.
 */
export const BOARD_REQUEST_STATES = ['open', 'assigned', 'paid', 'expired', 'cancelled', 'hidden'] as const;
export type BoardRequestState = (typeof BOARD_REQUEST_STATES)[number];

export const BOARD_TASK_MAX_LENGTH = 1000;
export const BOARD_MESSAGE_MAX_LENGTH = 500;
/** The spec's limit of a reference on a profile. */
export const BOARD_REFERENCE_MAX_LENGTH = 120;
export const BOARD_PARTY_NAME_MAX_LENGTH = 200;
export const BOARD_PARTY_ROLE_MAX_LENGTH = 100;
export const BOARD_PARTIES_MAX = 10;
export const BOARD_REPORT_REASON_MAX_LENGTH = 500;
export const BOARD_HIDE_REASON_MAX_LENGTH = 500;
/** A request whose hearing is within this many hours is urgent: alerted to everyone at once. */
export const BOARD_URGENT_HOURS = 48;
/** An assignment not paid within this many hours (and before the deadline) lapses back to open. */
export const BOARD_ASSIGNMENT_PAY_HOURS = 2;
/** The answer deadline when the poster gives none: this many hours before the hearing. */
export const BOARD_DEFAULT_DEADLINE_HOURS_BEFORE = 2;
/** Favourites are alerted first; everyone else this many minutes later (urgent: all at once). */
export const BOARD_SECOND_WAVE_MINUTES = 10;

const isoTime = z.string();

export const boardPartySchema = z.object({ name: z.string(), role: z.string() });
export type BoardParty = z.infer<typeof boardPartySchema>;

/** The lawyer behind a post or an answer, as a card: never an e-mail or a phone number. */
export const boardLawyerCardSchema = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  /** The public page's seolink; null while the profile is not public. */
  seolink: z.string().nullable(),
  /** The licence was verified against the register (the badge). */
  verified: z.boolean(),
  profession: z.enum(PROFESSIONAL_TYPE_IDS).nullable(),
  chamber: z.string().nullable(),
});
export type BoardLawyerCard = z.infer<typeof boardLawyerCardSchema>;

/** A published reference from a job confirmed through the board: text and the month of the job. */
export const boardReferenceSchema = z.object({ text: z.string(), month: z.string().regex(/^\d{4}-\d{2}$/) });

export const boardResponseSchema = z.object({
  id: z.string(),
  /** null: accepts the fixed fee. */
  price_net: decimalPlnSchema.nullable(),
  /** The net the answer stands for (its own price or the fixed fee), and its gross with VAT. */
  agreed_net: decimalPlnSchema.nullable(),
  agreed_gross: decimalPlnSchema.nullable(),
  message: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  substitute: boardLawyerCardSchema.extend({
    /** Substitutions completed through the product. */
    completed_count: z.number().int(),
    references: z.array(boardReferenceSchema),
    /** The poster marked this substitute as a favourite. */
    favourite: z.boolean(),
  }),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

/** A substitute's conflict check: the parties viewed, then no conflict of interest confirmed. */
export const boardConflictCheckStateSchema = z.object({ viewed_at: isoTime, confirmed_at: isoTime.nullable() });
export type BoardConflictCheckState = z.infer<typeof boardConflictCheckStateSchema>;

/** Who viewed the parties of a request, when, and when they confirmed no conflict (poster, admin). */
const boardViewSchema = boardConflictCheckStateSchema.extend({ substitute: boardLawyerCardSchema });

/** What the board shows every eligible substitute: never the case number or the parties. */
export const boardRequestCardSchema = z.object({
  id: z.string(),
  state: z.enum(BOARD_REQUEST_STATES),
  urgent: z.boolean(),
  court_id: z.string(),
  court_name: z.string(),
  court_city: z.string(),
  division: z.string().nullable(),
  starts_at: isoTime,
  mode: z.enum(HEARING_MODES),
  case_type: z.enum(BOARD_CASE_TYPES),
  task: z.string(),
  professions: z.array(z.enum(PROFESSIONAL_TYPE_IDS)),
  /** null: "ask for quotes". */
  fee_net: decimalPlnSchema.nullable(),
  fee_gross: decimalPlnSchema.nullable(),
  auto_assign: z.boolean(),
  answer_deadline: isoTime,
  created_at: isoTime,
  poster: boardLawyerCardSchema,
  /**
   * The signed-in substitute's conflict check: when they viewed the parties, and when they then
   * confirmed there is no conflict of interest (null until then; only a confirmed check lets
   * them answer). null: never viewed.
   */
  conflict_check: boardConflictCheckStateSchema.nullable(),
  my_response: boardResponseSchema.nullable(),
  /** The signed-in substitute's answer was picked. */
  assigned_to_me: z.boolean(),
});
export type BoardRequestCard = z.infer<typeof boardRequestCardSchema>;

/** Where the created offer lives and where the poster pays for it. */
export const boardOfferLinkSchema = z.object({
  offerUrl: z.string(),
  seolink: z.string(),
  /** '/u/{seolink}?o={offerUrl}': the payment step. */
  payment_path: z.string(),
  offer_status: z.string(),
});
export type BoardOfferLink = z.infer<typeof boardOfferLinkSchema>;

/**
 * GET /api/board/requests/{id} (and both steps of the conflict check): the card, with the parties
 * once the viewer viewed them in the conflict check, everything once picked; null otherwise.
 */
export const boardRequestDetailSchema = boardRequestCardSchema.extend({
  case_number: z.string().nullable(),
  parties: z.array(boardPartySchema).nullable(),
  offer: boardOfferLinkSchema.nullable(),
});
export type BoardRequestDetail = z.infer<typeof boardRequestDetailSchema>;

/** GET /api/user/board/requests: the poster's own requests with everything on them. */
export const myBoardRequestSchema = boardRequestDetailSchema.extend({
  responses: z.array(boardResponseSchema),
  /** Who opened the conflict check and saw the parties, when, and when they confirmed no conflict. */
  views: z.array(boardViewSchema),
  assigned_response_id: z.string().nullable(),
  /** Until when the picked answer must be paid; null unless assigned. */
  pay_by: isoTime.nullable(),
  hidden_reason: z.string().nullable(),
  /** The poster's reference on the job, once written. */
  reference: z.string().nullable(),
});
export type MyBoardRequest = z.infer<typeof myBoardRequestSchema>;

export const boardRequestListSchema = z.object({ items: z.array(boardRequestCardSchema) });
export const myBoardRequestListSchema = z.object({ items: z.array(myBoardRequestSchema) });

/** POST /api/board/requests answers the request's id and state. */
export const boardPostedSchema = z.object({ id: z.string(), state: z.enum(BOARD_REQUEST_STATES) });

/** POST /api/board/requests/{id}/assign answers the created offer and where to pay for it. */
export const boardAssignedSchema = boardOfferLinkSchema;

// Alerts (what a substitute covers and how they are told)

export const ALERT_CHANNELS = ['email', 'push', 'digest'] as const;

/** GET and PUT /api/user/alerts. An area is named by its regional or appellate court's id. */
export const alertSettingsSchema = z.object({
  court_ids: z.array(z.string()),
  area_court_ids: z.array(z.string()),
  cities: z.array(z.string()),
  case_types: z.array(z.enum(BOARD_CASE_TYPES)),
  min_fee_net: decimalPlnSchema.nullable(),
  channels: z.object({ email: z.boolean(), push: z.boolean(), digest: z.boolean() }),
  /** Europe/Warsaw; no alert between `from` and `to` unless the request is urgent. */
  quiet_hours: z.object({ from: hourMinuteField(), to: hourMinuteField() }).nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** POST /api/user/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A reference the substitute received through the board, as they see it (publish or not). */
export const boardReferenceItemSchema = boardReferenceSchema.extend({
  id: z.string(),
  published: z.boolean(),
  poster_name: z.string(),
});
export const boardReferenceListSchema = z.object({ items: z.array(boardReferenceItemSchema) });
/** PUT /api/user/board/references/{id}: the substitute publishes or withdraws a reference. */
export const boardReferencePublishSchema = z.object({
  published: z.boolean({ error: 'validation.invalid' }),
});

/** PUT and DELETE /api/user/board/favourites/{profileId}. */
export const boardFavouriteSchema = z.object({ profile_id: z.number().int(), favourite: z.boolean() });

/** POST …/report answers that the report was received. */
export const boardReportedSchema = z.object({ reported: z.literal(true) });

/** GET /api/admin/board: every request with its poster, answers, views and reports. */
export const adminBoardRequestSchema = boardRequestDetailSchema.omit({ conflict_check: true, my_response: true, assigned_to_me: true }).extend({
  poster_email: z.string(),
  responses: z.array(boardResponseSchema),
  views: z.array(boardViewSchema),
  reports: z.array(z.object({ reason: z.string(), response_id: z.string().nullable(), created_at: isoTime })),
  hidden_reason: z.string().nullable(),
});
export type AdminBoardRequest = z.infer<typeof adminBoardRequestSchema>;
export const adminBoardListSchema = z.object({ items: z.array(adminBoardRequestSchema) });

/** GET /api/admin/board/stats: whether the board works, per ISO week (Monday, Warsaw). */
export const adminBoardStatsSchema = z.object({
  weeks: z.array(
    z.object({
      week_start: z.string(),
      posted: z.number().int(),
      answered_within_15_min: z.number().int(),
      assigned: z.number().int(),
      paid: z.number().int(),
      median_first_answer_minutes: z.number().nullable(),
    }),
  ),
});
export type AdminBoardStats = z.infer<typeof adminBoardStatsSchema>;

/** GET /api/user/push-subscriptions/key: the VAPID public key the browser subscribes with. */
export const pushKeySchema = z.object({ public_key: z.string() });
export const pushSubscribedSchema = z.object({ subscribed: z.boolean() });
export const pushUnsubscribeSchema = z.object({ endpoint: z.url() });

/**
 * The live board, GET /api/board/events (server-sent events): one `board-changed` event per
 * change of a request the signed-in user may see, whose data is this JSON; the page reloads its
 * list on it.
 */
export const boardChangedEventSchema = z.object({
  requestId: z.string(),
  state: z.enum(BOARD_REQUEST_STATES),
});
export type BoardChangedEvent = z.infer<typeof boardChangedEventSchema>;

/** What a Web Push message carries; the service worker shows it and opens `url` on a click. */
export const boardPushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type BoardPushPayload = z.infer<typeof boardPushPayloadSchema>;
