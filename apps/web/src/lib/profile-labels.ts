// Deep imports: the package's index brings its zod schemas along, which public pages do not need,
// and reference-data/index the courts list (8 KB gzip, and a Map built when it loads) that the
// public profile does not need either (decision 037).
import type { JobDto } from '@substytut/shared';
import { formatMonthYear } from '@substytut/shared/dates';
import { findInstitution } from '@substytut/shared/reference-data/institutions';
import { PROFESSIONAL_TYPES } from '@substytut/shared/reference-data/professional-types';
import { SPECIALIZATIONS } from '@substytut/shared/reference-data/specializations';
import { jobText } from '@/components/profile/job-text';
import type { Language } from '@/config/paths';

export function professionalTypeLabel(id: string, language: Language): string {
  return PROFESSIONAL_TYPES.find((type) => type.id === id)?.[language] ?? id;
}

export function specializationLabel(id: string, language: Language): string {
  return SPECIALIZATIONS.find((s) => s.id === id)?.[language] ?? id;
}

export function institutionLabel(id: string, language: Language): string {
  return findInstitution(id)?.[language] ?? id;
}

/**
 * A job's start and end as spec 2 words them: the month name and year (or the year alone when the
 * start month is missing); a null end is a job the lawyer still holds (or one without an end month).
 */
export function jobPeriod(job: JobDto, language: Language): { start: string; end: string | null } {
  const start =
    job.monthStart && job.yearStart
      ? formatMonthYear(job.monthStart, job.yearStart, language)
      : job.yearStart;
  const end =
    job.stillWorking || !job.monthEnd || !job.yearEnd
      ? null
      : formatMonthYear(job.monthEnd, job.yearEnd, language);
  return { start, end };
}

/**
 * Spec 2: 'position - employer (start - end)'; without an end month the end reads
 * `stillWorkingText` ('nadal pracuje'), otherwise the month name and year.
 */
export function jobLine(job: JobDto, language: Language, stillWorkingText: string): string {
  const { start, end } = jobPeriod(job, language);
  return jobText(job, start, end ?? stillWorkingText);
}
