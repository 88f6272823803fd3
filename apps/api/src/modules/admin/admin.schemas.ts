import {
  adminOfferListQuerySchema,
  adminOfferListSchema,
  adminProfileListQuerySchema,
  adminProfileListSchema,
  adminSummarySchema,
} from '@substytut/shared/admin-api';
import { dataOf } from '../app/http.ts';

export const profileListQuery = adminProfileListQuerySchema;
export const offerListQuery = adminOfferListQuerySchema;

/** Admin lists come in a second `data` envelope (spec 7): `{ data: { data: [...], page, … } }`. */
export const profileListResponse = dataOf(adminProfileListSchema);
export const offerListResponse = dataOf(adminOfferListSchema);
export const summaryResponse = dataOf(adminSummarySchema);
