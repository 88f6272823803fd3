import { z } from 'zod';
import {
  adminOfferListQuerySchema,
  adminOfferListSchema,
  adminProfileListQuerySchema,
  adminProfileListSchema,
  adminSummarySchema,
  licenceReviewDecisionSchema,
  licenceReviewListSchema,
} from '../admin-api.ts';
import {
  authResponseSchema,
  companyLookupDtoSchema,
  invoiceDataDtoSchema,
  licenceCodeBodySchema,
  messageResponseSchema,
  offerCreatedDtoSchema,
  offerDtoSchema,
  paymentLinkDtoSchema,
  profileDtoSchema,
  publicProfileDtoSchema,
  urlDtoSchema,
  userDtoSchema,
} from '../api-types.ts';
import {
  acceptancePageDtoSchema,
  disputeResolutionSchema,
  disputeResolvedDtoSchema,
  disputeSchema,
} from '../hearing-report.ts';
import {
  invoiceDtoSchema,
  invoiceFailureDtoSchema,
  invoiceProblemsDtoSchema,
  invoiceSettingsDtoSchema,
  invoiceSettingsSchema,
} from '../invoice.ts';
import { loginSchema, resetPasswordSchema, sandboxGoogleSignInSchema } from '../validation/auth.ts';
import { nipLookupSchema, providerInvoiceSchema } from '../validation/invoice.ts';
import { offerCreateSchemaWith, offerUpdateSchemaWith } from '../validation/offer.ts';
import { profileSchemaWith } from '../validation/profile.ts';
import {
  contactAnswerSchema,
  contactRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  healthSchema,
  invoiceRetriedSchema,
  licenceAnswerSchema,
  profileCvAnswerSchema,
  profileImageAnswerSchema,
  publicConfigSchema,
  registerRequestSchema,
  sandboxCredentialSchema,
  paymentLinkRequestSchema,
} from './account.ts';
import {
  dataExportStatusSchema,
  dataRequestConfirmSchema,
  dataRequestResultSchema,
  dataRequestSchema,
  deletionCheckSchema,
  successMessageSchema,
} from './my-data.ts';
import {
  acceptTokenSchema,
  adminDisputeListSchema,
  calendarFeedStateSchema,
  newCalendarFeedSchema,
  offerAcceptedSchema,
  payerDocumentStatusSchema,
  paymentStartRequestSchemaWith,
} from './offers.ts';
import {
  adminBoardListSchema,
  adminBoardRequestSchema,
  adminBoardStatsSchema,
  alertSettingsSchema,
  boardAssignedSchema,
  boardFavouriteSchema,
  boardPostedSchema,
  boardReferenceItemSchema,
  boardReferenceListSchema,
  boardReferencePublishSchema,
  boardReportedSchema,
  boardRequestDetailSchema,
  boardRequestListSchema,
  boardResponseSchema,
  myBoardRequestListSchema,
  myBoardRequestSchema,
  pushKeySchema,
  pushSubscribedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from './board.ts';
import {
  boardAnswerSchema,
  boardAssignSchema,
  boardConflictCheckSchema,
  boardHideSchema,
  boardPostSchemaWith,
  boardReferenceInputSchema,
  boardReportSchema,
} from '../validation/board.ts';
import { alertSettingsInputSchema } from '../validation/alerts.ts';
import { planStateSchema } from './plans.ts';

/**
 * Every JSON route of the API, as 'METHOD /path' in Fastify's pattern (':name' is a path segment),
 * with the body it reads (when any), its query (when any), the status of its success and the
 * shape inside its `{ data }` envelope. Imported as '@substytut/shared/contract/routes' by the
 * API's contract test (every route's response schema is this one) and by the web tests' fetch
 * stubs (an answer that drifts from it fails the type check). Decision 034.
 *
 * Routes answering files, HTML pages or redirects are not here; neither are the development-only
 * mail viewer and the sandbox's pages.
 */
interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  /** the success status; 200 when left out */
  status?: 200 | 201;
  response: z.ZodType;
}

const now = () => new Date();

export const apiRoutes = {
  // System
  'GET /api/health': { response: healthSchema },
  'GET /api/config/public': { response: publicConfigSchema },

  // Accounts
  'POST /api/register': { body: registerRequestSchema, response: messageResponseSchema },
  'POST /api/email/verify/:id/:hash': { response: authResponseSchema },
  'POST /api/login': { body: loginSchema, response: authResponseSchema },
  'POST /api/login/google': { body: googleLoginRequestSchema, response: authResponseSchema },
  'POST /api/login/forget': { body: forgotPasswordRequestSchema, response: messageResponseSchema },
  'POST /api/login/resetpassword': { body: resetPasswordSchema, response: messageResponseSchema },
  'POST /api/logout': { response: messageResponseSchema },
  'GET /api/me': { response: userDtoSchema },

  // The lawyer's plan (issue 34 §3)
  'GET /api/user/plan': { response: planStateSchema },
  'POST /api/user/plan/subscribe': { response: urlDtoSchema },
  'POST /api/user/plan/cancel': { response: planStateSchema },
  'POST /api/me/delete': { body: deleteAccountRequestSchema, response: messageResponseSchema },
  'POST /api/sandbox/google/token': { body: sandboxGoogleSignInSchema, response: sandboxCredentialSchema },

  // The lawyer's profile, licence, payment account and invoicing
  'GET /api/user/profile': { response: profileDtoSchema },
  'PUT /api/user/profile': { body: profileSchemaWith(now), response: profileDtoSchema },
  'POST /api/user/profile/image': { response: profileImageAnswerSchema },
  'POST /api/user/profile/cv': { response: profileCvAnswerSchema },
  'GET /api/user/profile/invoice': { response: invoiceDataDtoSchema },
  'PUT /api/user/profile/invoice': { body: providerInvoiceSchema, response: invoiceDataDtoSchema },
  'POST /api/user/profile/stripe/createaccount': { body: paymentLinkRequestSchema, response: urlDtoSchema },
  'POST /api/user/profile/stripe/login': { body: paymentLinkRequestSchema, response: urlDtoSchema },
  'POST /api/user/profile/licence/check': { response: licenceAnswerSchema },
  'POST /api/user/profile/licence/code': { body: licenceCodeBodySchema, response: licenceAnswerSchema },
  'POST /api/user/profile/licence/code/resend': { response: licenceAnswerSchema },
  'POST /api/user/profile/licence/certificate': { response: licenceAnswerSchema },
  'GET /api/user/invoice-settings': { response: invoiceSettingsDtoSchema },
  'PUT /api/user/invoice-settings': { body: invoiceSettingsSchema, response: invoiceSettingsDtoSchema },
  'GET /api/user/invoices': { response: z.array(invoiceDtoSchema) },
  'POST /api/user/invoices/:id/retry': { response: invoiceDtoSchema },
  'GET /api/user/invoice-failures': { response: z.array(invoiceFailureDtoSchema) },
  'POST /api/user/invoice-failures/:id/retry': { response: invoiceRetriedSchema },

  // The lawyer's offers and calendar
  'POST /api/user/offer': { body: offerCreateSchemaWith(now), response: offerCreatedDtoSchema },
  'GET /api/user/offer': { response: z.array(offerDtoSchema) },
  'GET /api/user/offer/:id': { response: offerDtoSchema },
  'PUT /api/user/offer/:id': { body: offerUpdateSchemaWith(now), response: offerDtoSchema },
  'DELETE /api/user/offer/:id': { response: z.null() },
  /** multipart: outcome, next_hearing_at, notes, minutes */
  'PUT /api/user/offer/:id/done': { response: offerDtoSchema },
  /** multipart (or JSON): text, file (issue 34: the lawyer's answer to a dispute, once) */
  'POST /api/user/offer/:id/dispute/answer': { response: offerDtoSchema },
  'GET /api/user/calendar-feed': { response: calendarFeedStateSchema },
  'POST /api/user/calendar-feed': { response: newCalendarFeedSchema },
  'DELETE /api/user/calendar-feed': { response: calendarFeedStateSchema },

  // "My data"
  'GET /api/me/data-export': { response: dataExportStatusSchema.nullable() },
  'POST /api/me/data-export': { response: dataExportStatusSchema },
  'GET /api/me/deletion': { response: deletionCheckSchema },
  'POST /api/data-requests': { body: dataRequestSchema, response: successMessageSchema },
  'POST /api/data-requests/confirm': { body: dataRequestConfirmSchema, response: dataRequestResultSchema },

  // The public side: the lawyer's page, the client's payment and confirmation, contact
  'GET /api/public/profile/:seolink': {
    query: z.object({ offerUrl: z.string().max(200).optional() }),
    response: publicProfileDtoSchema,
  },
  'POST /api/public/nip': { body: nipLookupSchema, response: companyLookupDtoSchema },
  'POST /api/public/profile/:seolink/payment/:offerUrl': {
    body: paymentStartRequestSchemaWith(now),
    response: paymentLinkDtoSchema,
  },
  'GET /api/public/profile/:seolink/payment/:offerUrl/document/status': {
    response: payerDocumentStatusSchema,
  },
  'POST /api/public/offer/accept': { body: acceptTokenSchema, response: offerAcceptedSchema },
  'POST /api/public/offer/page': { body: acceptTokenSchema, response: acceptancePageDtoSchema },
  'POST /api/public/offer/dispute': {
    body: acceptTokenSchema.extend(disputeSchema.shape),
    response: acceptancePageDtoSchema,
  },
  'POST /api/contact': { body: contactRequestSchema, status: 201, response: contactAnswerSchema },

  // The substitution board (issue 32)
  'POST /api/board/requests': { body: boardPostSchemaWith(now), status: 201, response: boardPostedSchema },
  'GET /api/board/requests': { response: boardRequestListSchema },
  'GET /api/board/requests/:id': { response: boardRequestDetailSchema },
  'DELETE /api/board/requests/:id': { response: myBoardRequestSchema },
  // The conflict check in two steps: the parties viewed (recorded), then no conflict confirmed.
  'POST /api/board/requests/:id/conflict-check/view': { response: boardRequestDetailSchema },
  'POST /api/board/requests/:id/conflict-check': {
    body: boardConflictCheckSchema,
    response: boardRequestDetailSchema,
  },
  'POST /api/board/requests/:id/responses': {
    body: boardAnswerSchema,
    status: 201,
    response: boardResponseSchema,
  },
  'PUT /api/board/requests/:id/responses/mine': { body: boardAnswerSchema, response: boardResponseSchema },
  'DELETE /api/board/requests/:id/responses/mine': { response: z.null() },
  'POST /api/board/requests/:id/assign': { body: boardAssignSchema, response: boardAssignedSchema },
  'POST /api/board/requests/:id/report': {
    body: boardReportSchema,
    status: 201,
    response: boardReportedSchema,
  },
  'POST /api/board/requests/:id/responses/:responseId/report': {
    body: boardReportSchema,
    status: 201,
    response: boardReportedSchema,
  },
  'GET /api/user/board/requests': { response: myBoardRequestListSchema },
  'POST /api/user/board/requests/:id/reference': {
    body: boardReferenceInputSchema,
    response: myBoardRequestSchema,
  },
  'GET /api/user/board/references': { response: boardReferenceListSchema },
  'PUT /api/user/board/references/:id': {
    body: boardReferencePublishSchema,
    response: boardReferenceItemSchema,
  },
  'PUT /api/user/board/favourites/:profileId': { response: boardFavouriteSchema },
  'DELETE /api/user/board/favourites/:profileId': { response: boardFavouriteSchema },
  'GET /api/user/alerts': { response: alertSettingsSchema },
  'PUT /api/user/alerts': { body: alertSettingsInputSchema, response: alertSettingsSchema },
  'GET /api/user/push-subscriptions/key': { response: pushKeySchema },
  'POST /api/user/push-subscriptions': {
    body: pushSubscriptionSchema,
    status: 201,
    response: pushSubscribedSchema,
  },
  'DELETE /api/user/push-subscriptions': { body: pushUnsubscribeSchema, response: pushSubscribedSchema },

  // The administrator
  'GET /api/admin/profile': { query: adminProfileListQuerySchema, response: adminProfileListSchema },
  'GET /api/admin/offer': { query: adminOfferListQuerySchema, response: adminOfferListSchema },
  'GET /api/admin/summary': { response: adminSummarySchema },
  'GET /api/admin/licence-reviews': { response: licenceReviewListSchema },
  'POST /api/admin/licence-reviews/:profileId': {
    body: licenceReviewDecisionSchema,
    response: licenceAnswerSchema,
  },
  'GET /api/admin/disputes': { response: adminDisputeListSchema },
  'POST /api/admin/disputes/:id': { body: disputeResolutionSchema, response: disputeResolvedDtoSchema },
  'GET /api/admin/invoice-problems': { response: invoiceProblemsDtoSchema },
  'POST /api/admin/invoice-failures/:id/retry': { response: invoiceRetriedSchema },
  'POST /api/admin/invoices/:id/retry': { response: invoiceDtoSchema },
  'DELETE /api/admin/users/:id': { response: successMessageSchema },
  'GET /api/admin/board': { response: adminBoardListSchema },
  'POST /api/admin/board/:id/hide': { body: boardHideSchema, response: adminBoardRequestSchema },
  'GET /api/admin/board/stats': { response: adminBoardStatsSchema },
} satisfies Record<string, RouteContract>;

/**
 * The /api routes that answer no JSON: files, redirects, the anti-forgery cookie, and the
 * development mail viewer. The API's contract test checks that every other route is in the table.
 */
export const apiOtherRoutes = [
  'GET /api/csrf-cookie',
  'GET /api/calendar/:file',
  'GET /api/data-export/:token',
  'POST /api/data-export/:token',
  'GET /api/me/data-export/file',
  'GET /api/user/invoices/:id/xml',
  'GET /api/user/invoices/:id/pdf',
  'GET /api/public/invoices/:token/:file',
  'GET /api/me/invoice-archive',
  'GET /api/user/offer/:id/substitution-document',
  'GET /api/user/offer/:id/report/minutes',
  'GET /api/public/offer/minutes',
  'GET /api/public/substitution-document/:token',
  'GET /api/public/profile/:seolink/payment/:offerUrl/document',
  'GET /api/public/profile/:seolink/payment/:offerUrl/invoice',
  'GET /api/admin/disputes/:id/minutes',
  'GET /api/user/offer/:id/dispute/answer/file',
  'GET /api/public/offer/dispute/answer-file',
  'GET /api/admin/disputes/:id/answer-file',
  'GET /api/admin/licence-reviews/:profileId/certificate',
  'GET /api/dev/mail',
  /** outside production, from this machine: the Web Push messages the embedded push transport recorded */
  'GET /api/dev/push',
  /** outside production, from this machine: the app's clock (`{ now }`), moved forward by `{ minutes }` (the journeys) */
  'GET /api/dev/clock',
  'POST /api/dev/clock',
  /** server-sent events: `board-changed` (contract/board.ts boardChangedEventSchema) */
  'GET /api/board/events',
] as const;
export type ApiOtherRoute = (typeof apiOtherRoutes)[number];

export type ApiRoutes = typeof apiRoutes;
/** 'GET /api/me', 'PUT /api/user/offer/:id', … */
export type ApiRoute = keyof ApiRoutes;
/** What the route answers inside `{ data }`, as the web reads it (timestamps as ISO texts). */
export type ApiAnswer<R extends ApiRoute> = z.input<ApiRoutes[R]['response']>;
/** The body the route reads, as the web sends it. */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;
/** The success status of the route. */
export type ApiSuccessStatus<R extends ApiRoute> = ApiRoutes[R] extends { status: infer S } ? S : 200;

/** The route's success status at run time. */
export function successStatusOf(route: ApiRoute): 200 | 201 {
  const entry: RouteContract = apiRoutes[route];
  return entry.status ?? 200;
}
