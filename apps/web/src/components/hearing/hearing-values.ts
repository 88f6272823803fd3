import {
  COURTS,
  hearingInputSchemaWith,
  slugify,
  warsawDateTimeParts,
  warsawDateTimeToIso,
  type HearingDto,
  type HearingInput,
  type HearingMode,
} from '@substytut/shared';
import type { ComboboxFilter, ComboboxOption } from '@/components/ui/combobox';
import { dayTextOf, parseDayText } from '@/lib/when';

/** The hearing as its form fields hold it: a Warsaw day and hour instead of an instant. */
export interface HearingFormValues {
  court_id: string;
  division: string;
  case_number: string;
  /** the day as typed, 'dd.mm.rrrr' (issue 34; parseDayText also takes 'YYYY-MM-DD') */
  date: string;
  /** 'HH:MM' from the hour and minute lists; a part not chosen yet is empty */
  time: string;
  mode: HearingMode | '';
  remote_link: string;
  party: string;
}

export type HearingField = keyof HearingFormValues;
/** i18n keys of the catalogue, per field. */
export type HearingErrors = Partial<Record<HearingField, string>>;

export const EMPTY_HEARING_VALUES: HearingFormValues = {
  court_id: '',
  division: '',
  case_number: '',
  date: '',
  time: '',
  mode: '',
  remote_link: '',
  party: '',
};

/** Form values of a hearing as the API shows it (a missing case number stays empty). */
export function hearingValuesOf(dto: HearingDto | null): HearingFormValues {
  if (!dto) return EMPTY_HEARING_VALUES;
  const when = dto.starts_at ? warsawDateTimeParts(dto.starts_at) : { date: '', time: '' };
  return {
    court_id: dto.court_id ?? '',
    division: dto.division ?? '',
    case_number: dto.case_number ?? '',
    date: when.date ? dayTextOf(when.date) : '',
    time: when.time,
    mode: dto.mode ?? '',
    remote_link: dto.remote_link ?? '',
    party: dto.party ?? '',
  };
}

const isBlank = (v: HearingFormValues) => Object.values(v).every((value) => value.trim() === '');

/**
 * The hearing to send, or the field errors that stop it (checked with the API's own schema).
 * Null hearing: nothing was filled in.
 */
export function hearingPayload(
  values: HearingFormValues,
  now = new Date(),
): { hearing: HearingInput | null; errors: HearingErrors } {
  if (isBlank(values)) return { hearing: null, errors: {} };
  const errors: HearingErrors = {};
  let startsAt: string | null = null;
  if (values.date || values.time) {
    const day = parseDayText(values.date);
    const time = /^\d{2}:\d{2}$/.test(values.time) ? values.time : null;
    startsAt = day && time ? warsawDateTimeToIso(day, time) : null;
    // No day, or one that is not a day (month first, 31.02), is the day's fault; else the hour's.
    if (!startsAt) errors[day ? 'time' : 'date'] = 'validation.hearingDateInvalid';
  }
  const hearing: HearingInput = {
    court_id: values.court_id || null,
    division: values.division || null,
    case_number: values.case_number || null,
    starts_at: startsAt,
    mode: values.mode || null,
    remote_link: values.mode === 'remote' ? values.remote_link || null : null,
    party: values.party || null,
  };
  const parsed = hearingInputSchemaWith(() => now).safeParse(hearing);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'starts_at' ? 'date' : (issue.path[0] as HearingField);
      errors[field] ??= issue.message;
    }
  }
  return { hearing: Object.keys(errors).length > 0 ? null : hearing, errors };
}

/** The API's field errors under `hearing.*` as the form's fields. */
export function hearingServerErrors(fieldErrors: Record<string, string>): HearingErrors {
  const errors: HearingErrors = {};
  for (const [path, key] of Object.entries(fieldErrors)) {
    const match = /^hearing\.(\w+)/.exec(path);
    if (!match) continue;
    const field = match[1] === 'starts_at' ? 'date' : (match[1] as HearingField);
    errors[field] ??= key;
  }
  return errors;
}

export const COURT_OPTIONS: ComboboxOption[] = COURTS.map((court) => ({
  value: court.id,
  label: court.name,
  keywords: [court.city],
}));

/** Every word typed, without Polish letters, somewhere in the court's name or city. */
export const courtFilter: ComboboxFilter = (value, search, keywords = []) => {
  const words = slugify(search).split('-').filter(Boolean);
  const text = slugify(`${value} ${keywords.join(' ')}`);
  return words.every((word) => text.includes(word)) ? 1 : 0;
};
