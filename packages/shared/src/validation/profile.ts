import { z } from 'zod';
import { isTrainee, isTrainingStart } from '../board-eligibility.ts';
import { warsawDate, yearOptions } from '../dates.ts';
import { licenceNoIssue, normaliseLicenceNo } from '../licence.ts';
import { PHONE_PATTERN, normalizePhone } from '../phone.ts';
import { INSTITUTION_IDS, institutionsForProfessionalType } from '../reference-data/institutions.ts';
import { PROFESSIONAL_TYPE_IDS } from '../reference-data/professional-types.ts';
import { SPECIALIZATIONS, SPECIALIZATION_IDS } from '../reference-data/specializations.ts';
import { emailField, optionalText, requiredText, textField } from './fields.ts';

export const DESCRIPTION_MAX_LENGTH = 200;
export const REFERENCE_DESCRIPTION_MAX_LENGTH = 120;
export const MAX_JOBS = 30;
export const MAX_REFERENCES = 30;

type Clock = () => Date;

/**
 * Issue 32: how far back a trainee's training start may lie. The training lasts three years
 * (art. 75 Prawo o adwokaturze, art. 33 ustawy o radcach prawnych) and may be extended by leave;
 * ten years covers any plausible break and still catches a mistyped year.
 */
export const TRAINING_START_MAX_YEARS = 10;

const monthIndex = (yyyyMm: string): number => Number(yyyyMm.slice(0, 4)) * 12 + Number(yyyyMm.slice(5, 7)) - 1;

/** The catalogue key of what is wrong with a trainee's training start ('YYYY-MM'), or null. */
export function trainingStartIssue(value: string, now: Date): string | null {
  if (!isTrainingStart(value)) return 'validation.trainingStartInvalid';
  const current = monthIndex(warsawDate(now));
  const start = monthIndex(value);
  if (start > current) return 'validation.trainingStartFuture';
  if (start < current - TRAINING_START_MAX_YEARS * 12) return 'validation.trainingStartTooEarly';
  return null;
}

const isMonth = (value: string): boolean =>
  /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12;

// '01' and '1' are the same month; store one form.
const canonicalMonth = (value: string): string => (isMonth(value) ? String(Number(value)) : value);

const blankToEmpty = textField()
  .nullish()
  .transform((v) => v ?? '');

function makeJobSchema(clock: Clock) {
  const inYearList = (year: string) => yearOptions(clock()).includes(year);
  return z
    .object({
      positionName: requiredText({ required: 'validation.positionRequired', max: 120 }),
      employerName: requiredText({ required: 'validation.employerRequired', max: 120 }),
      monthStart: textField('validation.monthRequired')
        .refine(isMonth, 'validation.monthRequired')
        .transform(canonicalMonth),
      yearStart: textField('validation.yearRequired')
        .length(4, { error: 'validation.yearRequired', abort: true })
        .refine(inYearList, 'validation.yearRequired'),
      // Missing end month or year read back as empty strings (spec 3).
      monthEnd: blankToEmpty
        .refine((v) => v === '' || isMonth(v), 'validation.optionInvalid')
        .transform(canonicalMonth),
      yearEnd: blankToEmpty.refine((v) => v === '' || inYearList(v), 'validation.optionInvalid'),
      stillWorking: z.boolean().default(false),
    })
    .superRefine((job, ctx) => {
      const hasMonth = job.monthEnd !== '';
      const hasYear = job.yearEnd !== '';
      if (job.stillWorking) {
        // Ticking "still working" clears the end fields in the form; a payload with both is contradictory.
        if (hasMonth || hasYear)
          ctx.addIssue({ code: 'custom', path: ['monthEnd'], message: 'validation.jobEndWhileStillWorking' });
        return;
      }
      if (hasMonth !== hasYear) {
        ctx.addIssue({
          code: 'custom',
          path: [hasMonth ? 'yearEnd' : 'monthEnd'],
          message: 'validation.jobEndIncomplete',
        });
        return;
      }
      if (hasMonth && hasYear) {
        const start = Number(job.yearStart) * 12 + Number(job.monthStart);
        const end = Number(job.yearEnd) * 12 + Number(job.monthEnd);
        if (end < start)
          ctx.addIssue({ code: 'custom', path: ['yearEnd'], message: 'validation.jobEndBeforeStart' });
      }
    });
}

/** A job whose year list is taken relative to `now` (testable, and for server-side clocks). */
export const jobSchemaAt = (now: Date) => makeJobSchema(() => now);
/** A job validated against the current year at the moment of validation. */
export const jobSchema = makeJobSchema(() => new Date());

export const referenceSchema = z.object({
  author: requiredText({ required: 'validation.fieldRequired', max: 120, name: true }),
  description: requiredText({
    required: 'validation.fieldRequired',
    max: REFERENCE_DESCRIPTION_MAX_LENGTH,
    maxMessage: 'validation.referenceDescriptionMax',
    multiline: true,
  }),
});

/** Accepts 'linkedin.com/in/x' as typed and stores 'https://linkedin.com/in/x'. */
const withHttps = (value: string): string =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;

function profileUrlCheck(hostPattern: RegExp) {
  const schema = z.url({ protocol: /^https$/, hostname: hostPattern });
  return (value: string) => schema.safeParse(value).success;
}

export const isLinkedinUrl = profileUrlCheck(/^([a-z0-9-]+\.)*linkedin\.com$/);
export const isFacebookUrl = profileUrlCheck(/^([a-z0-9-]+\.)*(facebook\.com|fb\.com)$/);

function makeProfileSchema(clock: Clock) {
  return z
    .object({
      firstname: requiredText({ required: 'validation.required', min: 2, max: 50, name: true }),
      lastname: requiredText({ required: 'validation.required', min: 2, max: 80, name: true }),
      // Read-only in the form: the account's address is what the server stores.
      email: emailField('errors.emailInvalid', 'errors.emailInvalid').optional(),
      phone: optionalText('validation.phoneInvalid', (v) => PHONE_PATTERN.test(v), normalizePhone),
      permissions: z.enum(PROFESSIONAL_TYPE_IDS, { error: 'validation.fieldRequired' }),
      licenseNo: requiredText({ required: 'validation.fieldRequired', max: 50 }),
      specialization: z
        .array(z.enum(SPECIALIZATION_IDS, { error: 'validation.optionInvalid' }), {
          error: 'validation.fieldRequired',
        })
        .min(1, 'validation.fieldRequired')
        .max(SPECIALIZATIONS.length, 'validation.optionInvalid')
        .transform((ids) => [...new Set(ids)]),
      institution: z
        .string({ error: 'validation.fieldRequired' })
        .min(1, { error: 'validation.fieldRequired', abort: true })
        .refine((id) => INSTITUTION_IDS.includes(id), 'validation.optionInvalid'),
      description: requiredText({
        required: 'validation.fieldRequired',
        max: DESCRIPTION_MAX_LENGTH,
        maxMessage: 'validation.descriptionMax',
        multiline: true,
      }),
      linkedinUrl: optionalText('validation.linkedinUrl', isLinkedinUrl, withHttps),
      facebookUrl: optionalText('validation.facebookUrl', isFacebookUrl, withHttps),
      jobs: z.array(makeJobSchema(clock)).max(MAX_JOBS, 'validation.tooLong').default([]),
      references: z.array(referenceSchema).max(MAX_REFERENCES, 'validation.tooLong').default([]),
      // Issue 32: 'YYYY-MM', a trainee's only (the board's trainee rule counts from it); optional.
      training_start: z
        .string({ error: 'validation.trainingStartInvalid' })
        .nullish()
        .transform((v) => v?.trim() || null),
    })
    .superRefine((profile, ctx) => {
      if (profile.training_start !== null && isTrainee(profile.permissions)) {
        const issue = trainingStartIssue(profile.training_start, clock());
        if (issue) ctx.addIssue({ code: 'custom', path: ['training_start'], message: issue });
      }
      const allowed = institutionsForProfessionalType(profile.permissions);
      if (!allowed.some((i) => i.id === profile.institution))
        ctx.addIssue({ code: 'custom', path: ['institution'], message: 'validation.institutionMismatch' });
      // The entry number's format depends on the professional type (and an advocate's on the chamber).
      const issue = licenceNoIssue(profile.permissions, profile.licenseNo, profile.institution);
      if (issue) ctx.addIssue({ code: 'custom', path: ['licenseNo'], message: issue });
    })
    // One stored form per number ('waw/adw/04150' → 'WAW/Adw/4150'), so a re-check and the
    // register compare like with like.
    .transform((profile) => ({
      ...profile,
      licenseNo: normaliseLicenceNo(profile.permissions, profile.licenseNo),
      // Cleared when the profession is not a trainee's: the form does not show it to them.
      training_start: isTrainee(profile.permissions) ? profile.training_start : null,
    }));
}

/** PUT /user/profile and the profile form, with job years relative to `now`. */
export const profileSchemaAt = (now: Date) => makeProfileSchema(() => now);
export const profileSchema = makeProfileSchema(() => new Date());
/** The same, against a clock read at the moment of validation (the API's app clock). */
export const profileSchemaWith = (clock: () => Date) => makeProfileSchema(clock);

export type JobInput = z.input<typeof jobSchema>;
export type Job = z.output<typeof jobSchema>;
export type ReferenceInput = z.input<typeof referenceSchema>;
export type Reference = z.output<typeof referenceSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfilePayload = z.output<typeof profileSchema>;

/** The job fields the form edits, loosely typed as a form holds them before validation. */
export interface JobDraft {
  positionName?: string | null;
  employerName?: string | null;
  monthStart?: string | null;
  yearStart?: string | null;
  monthEnd?: string | null;
  yearEnd?: string | null;
  stillWorking?: boolean | null;
}

export interface ReferenceDraft {
  author?: string | null;
  description?: string | null;
}

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

export function isEmptyJob(job: JobDraft): boolean {
  return (
    !filled(job.positionName) &&
    !filled(job.employerName) &&
    !filled(job.monthStart) &&
    !filled(job.yearStart)
  );
}

export function isEmptyReference(reference: ReferenceDraft): boolean {
  return !filled(reference.author) && !filled(reference.description);
}

/**
 * Before submit (spec 5): empty job blocks and empty reference blocks are dropped, but when every
 * job block is empty the first one is kept, so the form still shows what a job needs.
 */
export function dropEmptyBlocks<J extends JobDraft, R extends ReferenceDraft>(
  jobs: readonly J[],
  references: readonly R[],
): { jobs: J[]; references: R[] } {
  const keptJobs = jobs.filter((job) => !isEmptyJob(job));
  return {
    jobs: keptJobs.length === 0 && jobs.length > 0 ? [jobs[0]!] : keptJobs,
    references: references.filter((reference) => !isEmptyReference(reference)),
  };
}

/**
 * Spec 2: another job block may be added only when this one has position, employer, start month
 * and start year, and either an end month and year or stillWorking.
 */
export function canAppendJob(job: JobDraft): boolean {
  const started =
    filled(job.positionName) && filled(job.employerName) && filled(job.monthStart) && filled(job.yearStart);
  const ended = job.stillWorking === true || (filled(job.monthEnd) && filled(job.yearEnd));
  return started && ended;
}

/** Spec 2: another reference may be added when the author or the description is filled. */
export function canAppendReference(reference: ReferenceDraft): boolean {
  return filled(reference.author) || filled(reference.description);
}
