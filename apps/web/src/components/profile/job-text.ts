import type { JobDto } from '@substytut/shared';

/** Spec 2: 'position - employer (start - end)', the months already worded. */
export function jobText(
  job: Pick<JobDto, 'positionName' | 'employerName'>,
  start: string,
  end: string,
): string {
  return `${job.positionName} - ${job.employerName} (${start} - ${end})`;
}
