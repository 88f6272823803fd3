import { z } from 'zod';
import {
  BOARD_CASE_TYPES,
  BOARD_DEFAULT_DEADLINE_HOURS_BEFORE,
  BOARD_HIDE_REASON_MAX_LENGTH,
  BOARD_MESSAGE_MAX_LENGTH,
  BOARD_PARTIES_MAX,
  BOARD_PARTY_NAME_MAX_LENGTH,
  BOARD_PARTY_ROLE_MAX_LENGTH,
  BOARD_REFERENCE_MAX_LENGTH,
  BOARD_REPORT_REASON_MAX_LENGTH,
  BOARD_TASK_MAX_LENGTH,
  type BoardCaseType,
  type BoardParty,
} from '../contract/board.ts';
import { caseNumberField, divisionField, HEARING_MODES, hearingStartsAtField, type HearingMode } from '../hearing.ts';
import { isCourtId } from '../reference-data/courts.ts';
import { PROFESSIONAL_TYPE_IDS, type ProfessionalTypeId } from '../reference-data/professional-types.ts';
import { requiredText, textField } from './fields.ts';
import { netPriceField } from './offer.ts';

/**
 * Request bodies of the substitution board (issue 32); every error is a catalogue key. The
 * response shapes are in ../contract/board.ts.
 */

const HOUR_MS = 3_600_000;

const partySchema = z.object({
  name: requiredText({ required: 'validation.fillField', max: BOARD_PARTY_NAME_MAX_LENGTH }),
  role: requiredText({ required: 'validation.fillField', max: BOARD_PARTY_ROLE_MAX_LENGTH }),
});

const deadlineField = textField('validation.hearingDateInvalid')
  .nullish()
  .transform((value, ctx): Date | null => {
    if (value === undefined || value === null || value === '') return null;
    if (!z.iso.datetime({ offset: true }).safeParse(value).success) {
      ctx.issues.push({ code: 'custom', message: 'validation.hearingDateInvalid', input: value });
      return z.NEVER;
    }
    return new Date(value);
  });

/** What a valid post becomes: money in grosze, times as instants, the deadline filled in. */
export interface BoardPostData {
  courtId: string;
  division: string | null;
  startsAt: Date;
  mode: HearingMode;
  caseType: BoardCaseType;
  task: string;
  professions: ProfessionalTypeId[];
  /** null: "ask for quotes". */
  feeNetGrosze: number | null;
  autoAssign: boolean;
  answerDeadline: Date;
  caseNumber: string | null;
  parties: BoardParty[];
}

/**
 * POST /api/board/requests. The deadline defaults to two hours before the hearing, or the
 * hearing itself when that is sooner than two hours away; a deadline given must be in the future
 * and not after the hearing. Auto-assign needs a fixed fee.
 */
export function boardPostSchemaWith(clock: () => Date) {
  return z
    .object({
      court_id: textField('validation.courtUnknown').refine(isCourtId, 'validation.courtUnknown'),
      division: divisionField,
      starts_at: hearingStartsAtField(clock).refine((v) => v !== null, 'validation.hearingDateInvalid'),
      mode: z.enum(HEARING_MODES, { error: 'validation.optionInvalid' }),
      case_type: z.enum(BOARD_CASE_TYPES, { error: 'validation.optionInvalid' }),
      task: requiredText({ required: 'validation.fillField', max: BOARD_TASK_MAX_LENGTH, multiline: true }),
      professions: z
        .array(z.enum(PROFESSIONAL_TYPE_IDS, { error: 'validation.optionInvalid' }), {
          error: 'validation.boardProfessionsRequired',
        })
        .min(1, 'validation.boardProfessionsRequired')
        .transform((list) => [...new Set(list)]),
      fee_net: netPriceField.nullable(),
      auto_assign: z.boolean({ error: 'validation.invalid' }).default(false),
      answer_deadline: deadlineField,
      case_number: caseNumberField,
      parties: z
        .array(partySchema, { error: 'validation.boardPartiesRequired' })
        .min(1, 'validation.boardPartiesRequired')
        .max(BOARD_PARTIES_MAX, 'validation.boardPartiesTooMany'),
    })
    .superRefine((post, ctx) => {
      if (post.auto_assign && post.fee_net === null)
        ctx.addIssue({ code: 'custom', path: ['auto_assign'], message: 'validation.boardAutoAssignNeedsFee' });
      const deadline = post.answer_deadline;
      if (deadline && post.starts_at && deadline.getTime() > post.starts_at.getTime())
        ctx.addIssue({ code: 'custom', path: ['answer_deadline'], message: 'validation.boardDeadlineAfterHearing' });
      else if (deadline && deadline.getTime() <= clock().getTime())
        ctx.addIssue({ code: 'custom', path: ['answer_deadline'], message: 'validation.boardDeadlinePast' });
    })
    .transform((post): BoardPostData => {
      const startsAt = post.starts_at as Date;
      const byDefault = new Date(startsAt.getTime() - BOARD_DEFAULT_DEADLINE_HOURS_BEFORE * HOUR_MS);
      const answerDeadline =
        post.answer_deadline ?? (byDefault.getTime() > clock().getTime() ? byDefault : startsAt);
      return {
        courtId: post.court_id,
        division: post.division,
        startsAt,
        mode: post.mode,
        caseType: post.case_type,
        task: post.task,
        professions: post.professions,
        feeNetGrosze: post.fee_net,
        autoAssign: post.auto_assign,
        answerDeadline,
        caseNumber: post.case_number,
        parties: post.parties,
      };
    });
}
export type BoardPostInput = z.input<ReturnType<typeof boardPostSchemaWith>>;

/** POST /api/board/requests/{id}/responses and PUT …/responses/mine. price_net null: the fixed fee. */
export const boardAnswerSchema = z
  .object({
    price_net: netPriceField.nullable(),
    message: textField(undefined, { multiline: true })
      .max(BOARD_MESSAGE_MAX_LENGTH, 'validation.tooLong')
      .nullish()
      .transform((v) => v ?? ''),
  })
  .transform((answer) => ({ priceNetGrosze: answer.price_net, message: answer.message }));
export type BoardAnswerInput = z.input<typeof boardAnswerSchema>;

/**
 * POST /api/board/requests/{id}/conflict-check: the conflict check's second step, after the
 * parties were viewed (POST …/conflict-check/view): the substitute confirms there is no conflict.
 */
export const boardConflictCheckSchema = z.object({
  no_conflict: z.literal(true, { error: 'validation.boardNoConflictRequired' }),
});

/** POST /api/board/requests/{id}/assign. */
export const boardAssignSchema = z.object({ responseId: z.uuid({ error: 'validation.invalid' }) });

/** Reporting a request or an answer, and an administrator hiding a request: a reason. */
const reasonField = (max: number) =>
  requiredText({ required: 'validation.fillField', min: 10, minMessage: 'validation.reasonTooShort', max, multiline: true });
export const boardReportSchema = z.object({ reason: reasonField(BOARD_REPORT_REASON_MAX_LENGTH) });
export const boardHideSchema = z.object({ reason: reasonField(BOARD_HIDE_REASON_MAX_LENGTH) });

/** The poster's reference on a job from the board, after the client confirmed it. */
export const boardReferenceInputSchema = z.object({
  text: requiredText({ required: 'validation.fillField', max: BOARD_REFERENCE_MAX_LENGTH, maxMessage: 'validation.referenceDescriptionMax' }),
});
