import {
  dropEmptyBlocks,
  invoiceDataDtoSchema,
  profileCvAnswerSchema,
  profileDtoSchema,
  profileImageAnswerSchema,
  profileSchemaWith,
  urlDtoSchema,
  type JobDraft,
  type ReferenceDraft,
} from '@substytut/shared';
import { z } from 'zod';
import type { Clock } from '../app/clock.ts';
import { dataOf } from '../app/http.ts';

export const profileResponse = dataOf(profileDtoSchema);
export const invoiceResponse = dataOf(invoiceDataDtoSchema);
export const urlResponse = dataOf(urlDtoSchema);
/** Storage keys, relative like every *Url of the profile: the file is at /storage/{key}. */
export const imageResponse = dataOf(profileImageAnswerSchema);
export const cvResponse = dataOf(profileCvAnswerSchema);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The form's pre-submit cleanup (spec 5), applied again here so both sides agree. */
function withoutEmptyBlocks(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const result = { ...body };
  if (Array.isArray(body.jobs) && body.jobs.every(isRecord)) {
    result.jobs = dropEmptyBlocks(body.jobs as JobDraft[], []).jobs;
  }
  if (Array.isArray(body.references) && body.references.every(isRecord)) {
    result.references = dropEmptyBlocks([], body.references as ReferenceDraft[]).references;
  }
  return result;
}

/** PUT /user/profile: the form's schema, with job years relative to the app clock. */
export const profileBody = (clock: Clock) =>
  z.preprocess(
    withoutEmptyBlocks,
    profileSchemaWith(() => clock.now()),
  );
