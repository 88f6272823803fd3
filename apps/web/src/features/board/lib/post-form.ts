import {
  BOARD_DEFAULT_DEADLINE_HOURS_BEFORE,
  BOARD_URGENT_HOURS,
  type BoardCaseType,
} from '@substytut/shared/contract/board';
import type { HearingMode } from '@substytut/shared/hearing';
import { groszeToDecimalString, parsePlnToGrosze } from '@substytut/shared/money';
import type { ProfessionalTypeId } from '@substytut/shared/reference-data/professional-types';
import { boardPostSchemaWith, type BoardPostInput } from '@substytut/shared/validation/board';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { isBlankWhen, whenToIso } from '@/lib/when';

const HOUR_MS = 3_600_000;

export type FeeKind = 'fixed' | 'quote';

/** The posting form as its fields hold it; `toPostBody` makes the API's body of it. */
export interface PostFormValues {
  court_id: string;
  division: string;
  date: string;
  hour: string;
  minute: string;
  mode: HearingMode | '';
  case_type: BoardCaseType | '';
  task: string;
  professions: ProfessionalTypeId[];
  fee_kind: FeeKind;
  fee_net: string;
  auto_assign: boolean;
  deadline_date: string;
  deadline_hour: string;
  deadline_minute: string;
  case_number: string;
  parties: { name: string; role: string }[];
}

export const EMPTY_POST_VALUES: PostFormValues = {
  court_id: '',
  division: '',
  date: '',
  hour: '',
  minute: '',
  mode: '',
  case_type: '',
  task: '',
  professions: ['adwokat', 'radca-prawny'],
  fee_kind: 'fixed',
  fee_net: '',
  auto_assign: false,
  deadline_date: '',
  deadline_hour: '',
  deadline_minute: '',
  case_number: '',
  parties: [{ name: '', role: '' }],
};

/** A typed net amount as the API's decimal string ('250,5' → '250.50'); kept as typed if not one. */
function decimalOf(text: string): string {
  const grosze = parsePlnToGrosze(text);
  return grosze === null ? text : groszeToDecimalString(grosze);
}

/** What POST /api/board/requests receives for these fields. */
export function toPostBody(values: PostFormValues): BoardPostInput {
  const deadline = {
    date: values.deadline_date,
    hour: values.deadline_hour,
    minute: values.deadline_minute,
  };
  const fixed = values.fee_kind === 'fixed';
  return {
    court_id: values.court_id,
    division: values.division.trim() || null,
    // An unreadable day or a missing hour is sent as '' and refused by the shared rule.
    starts_at: whenToIso(values) ?? '',
    mode: values.mode as HearingMode,
    case_type: values.case_type as BoardCaseType,
    task: values.task,
    professions: values.professions,
    fee_net: fixed ? decimalOf(values.fee_net) : null,
    auto_assign: fixed && values.auto_assign,
    answer_deadline: isBlankWhen(deadline) ? null : (whenToIso(deadline) ?? 'invalid'),
    case_number: values.case_number.trim() || null,
    parties: values.parties,
  };
}

/** The body's field an issue names, as the form's field (the day and hour are three fields). */
function formPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'starts_at') return 'date';
  if (head === 'answer_deadline') return 'deadline_date';
  return [head, ...rest].join('.');
}

function setError(errors: Record<string, unknown>, path: string, message: string): void {
  const keys = path.split('.');
  let node = errors;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] ??= { type: 'validate', message };
      return;
    }
    node[key] ??= /^\d+$/.test(keys[index + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/** Validates the form with the API's own rule (`boardPostSchemaWith`), read at the moment of checking. */
export function postFormResolver(clock: () => Date = () => new Date()): Resolver<PostFormValues> {
  return (values) => {
    const parsed = boardPostSchemaWith(clock).safeParse(toPostBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) setError(errors, formPath(issue.path), issue.message);
    return { values: {}, errors: errors as FieldErrors<PostFormValues> };
  };
}

/** Whether a hearing at this instant makes the request urgent (alerted at once, marked). */
export function isUrgent(startsAt: string | null, now: Date): boolean {
  if (!startsAt) return false;
  const ms = new Date(startsAt).getTime() - now.getTime();
  return ms > 0 && ms <= BOARD_URGENT_HOURS * HOUR_MS;
}

/** The deadline the API sets when none is given: 2 h before the hearing, or the hearing when sooner. */
export function defaultDeadline(startsAt: string, now: Date): Date {
  const hearing = new Date(startsAt);
  const byDefault = new Date(hearing.getTime() - BOARD_DEFAULT_DEADLINE_HOURS_BEFORE * HOUR_MS);
  return byDefault.getTime() > now.getTime() ? byDefault : hearing;
}

/** The server's field errors (paths of the body) as the form's fields. */
export function serverFieldErrors(fieldErrors: Record<string, string>): [string, string][] {
  return Object.entries(fieldErrors).map(([path, key]) => [formPath(path.split('.')), key]);
}
