import { zodResolver } from '@hookform/resolvers/zod';
import { dropEmptyBlocks, profileSchema, type ProfileDto, type ProfilePayload } from '@substytut/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface JobFormValues {
  positionName: string;
  employerName: string;
  monthStart: string;
  yearStart: string;
  monthEnd: string;
  yearEnd: string;
  stillWorking: boolean;
}

export interface ReferenceFormValues {
  author: string;
  description: string;
}

/** What the form holds: plain strings (selects empty until chosen), ids for the multi-select. */
export interface ProfileFormValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  permissions: string;
  licenseNo: string;
  specialization: string[];
  institution: string;
  description: string;
  linkedinUrl: string;
  facebookUrl: string;
  jobs: JobFormValues[];
  references: ReferenceFormValues[];
  /** Issue 32: a trainee's training start 'YYYY-MM', or '' */
  training_start: string;
}

export const emptyJob = (): JobFormValues => ({
  positionName: '',
  employerName: '',
  monthStart: '',
  yearStart: '',
  monthEnd: '',
  yearEnd: '',
  stillWorking: false,
});

export const emptyReference = (): ReferenceFormValues => ({ author: '', description: '' });

/** The form always shows at least one job block and one reference block to fill in. */
export function toFormValues(profile: ProfileDto): ProfileFormValues {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    email: profile.email,
    phone: profile.phone ?? '',
    permissions: profile.permissions,
    licenseNo: profile.licenseNo,
    specialization: [...profile.specialization],
    institution: profile.institution,
    description: profile.description,
    linkedinUrl: profile.linkedinUrl ?? '',
    facebookUrl: profile.facebookUrl ?? '',
    jobs: profile.jobs.length > 0 ? profile.jobs.map((job) => ({ ...job })) : [emptyJob()],
    references:
      profile.references.length > 0 ? profile.references.map((ref) => ({ ...ref })) : [emptyReference()],
    training_start: profile.training_start ?? '',
  };
}

/** Which form block each block of the submitted payload came from. */
export interface BlockIndexes {
  jobs: number[];
  references: number[];
}

export function keptBlocks(values: Pick<ProfileFormValues, 'jobs' | 'references'>) {
  const kept = dropEmptyBlocks(values.jobs, values.references);
  const indexes: BlockIndexes = {
    jobs: kept.jobs.map((job) => values.jobs.indexOf(job)),
    references: kept.references.map((ref) => values.references.indexOf(ref)),
  };
  return { ...kept, indexes };
}

/** 'jobs.1.positionName' of the payload -> 'jobs.3.positionName' of the form. */
export function formPath(path: string, indexes: BlockIndexes): string {
  const match = /^(jobs|references)\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const [, list, index, rest] = match as unknown as [
    string,
    'jobs' | 'references',
    string,
    string | undefined,
  ];
  const original = indexes[list][Number(index)] ?? Number(index);
  return `${list}.${original}${rest ?? ''}`;
}

function remapList(errors: unknown, map: number[]): unknown {
  if (!errors || typeof errors !== 'object') return errors;
  const out: Record<string, unknown> = Array.isArray(errors)
    ? ([] as unknown as Record<string, unknown>)
    : {};
  for (const [key, value] of Object.entries(errors)) {
    out[/^\d+$/.test(key) ? String(map[Number(key)] ?? key) : key] = value;
  }
  return out;
}

const schemaResolver = zodResolver(profileSchema);

/**
 * Validates with the shared schema what will be sent: empty job and reference blocks are dropped
 * first (spec 5), and errors are put back on the blocks the lawyer sees.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfilePayload> = async (
  values,
  context,
  options,
) => {
  const { jobs, references, indexes } = keptBlocks(values);
  const result = await schemaResolver(
    { ...values, jobs, references } as unknown as Parameters<typeof schemaResolver>[0],
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  if (Object.keys(result.errors).length === 0) {
    return { values: result.values as ProfilePayload, errors: {} };
  }
  const errors = { ...result.errors } as Record<string, unknown>;
  if (errors.jobs) errors.jobs = remapList(errors.jobs, indexes.jobs);
  if (errors.references) errors.references = remapList(errors.references, indexes.references);
  return { values: {}, errors: errors as FieldErrors<ProfileFormValues> };
};
