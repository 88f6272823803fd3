import { randomBytes } from 'node:crypto';
import {
  joinSpecializations,
  nextFreeSeolink,
  seolinkFromName,
  splitSpecializations,
  SEOLINK_FALLBACK,
  type InvoiceDataDto,
  type ProfileDto,
  type ProfilePayload,
  type ProviderInvoicePayload,
} from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { ProfileRow, ProviderInvoiceDataRow } from '../../db/schema/profile.ts';
import type { Clock } from '../app/clock.ts';
import type { Payments } from '../payments/index.ts';
import type { ProcessedFile, Storage } from '../storage/index.ts';
import { isLicenceVerified, ownLicenceOf } from './licence.dto.ts';
import {
  ensureProfile,
  findInvoiceData,
  findJobs,
  findProfileByUser,
  findReferences,
  lockProfileByUser,
  replaceJobs,
  replaceReferences,
  saveInvoiceData as upsertInvoiceData,
  takenSeolinks,
  updateProfile,
} from './profile.repo.ts';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  payments: Payments;
  log: FastifyBaseLogger;
  /** after PUT /user/profile stored the profile (issue 22: the licence check; issue 30: from which address) */
  onProfileSaved?: (before: ProfileRow | null, after: ProfileRow, origin: { ip: string | null }) => Promise<void>;
}

export interface ProfileUser {
  id: string;
  email: string;
  /** the request's address, for the licence code's e-mail (issue 30) */
  ip?: string;
}

/**
 * Everything a public profile needs (spec 5's required fields). A photo and a CV are optional:
 * the views show a placeholder avatar, so a missing photo must not keep a lawyer from working.
 */
export function isProfileComplete(row: ProfileRow): boolean {
  return (
    row.seolink !== null &&
    [
      row.firstname,
      row.lastname,
      row.permissions,
      row.licenseNo,
      row.specialization,
      row.institution,
      row.description,
    ].every((value) => value.trim() !== '')
  );
}

/**
 * Sets the status the server alone decides: 'active' only for a complete profile whose payment
 * account can receive payouts. Runs in the transaction of every change to either.
 */
export async function refreshProfileStatus(tx: Tx, payments: Payments, userId: string, now: Date) {
  const row = await lockProfileByUser(tx, userId);
  if (!row) return;
  const active = isProfileComplete(row) && (await payments.isAccountReady(tx, userId));
  const status = active ? 'active' : 'inactive';
  if (status === row.status) return;
  await updateProfile(tx, row.id, {
    status,
    // From the first time the profile is public its seolink stays, so shared links keep working.
    firstActiveAt: row.firstActiveAt ?? (active ? now : null),
    updatedAt: now,
  });
}

async function toDto(db: DbOrTx, payments: Payments, row: ProfileRow, email: string): Promise<ProfileDto> {
  const [jobs, references, account, accountReady, licence] = await Promise.all([
    findJobs(db, row.id),
    findReferences(db, row.id),
    payments.accountOf(db, row.userId),
    payments.isAccountReady(db, row.userId),
    ownLicenceOf(db, row),
  ]);
  return {
    profileId: row.id,
    userId: row.userId,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: [row.firstname, row.lastname].filter((s) => s !== '').join(' '),
    phone: row.phone,
    permissions: row.permissions,
    licenseNo: row.licenseNo,
    specialization: splitSpecializations(row.specialization),
    institution: row.institution,
    imageUrl: row.imageKey,
    cvUrl: row.cvKey,
    cardUrl: row.cardKey,
    linkedinUrl: row.linkedinUrl,
    facebookUrl: row.facebookUrl,
    seolink: row.seolink,
    email,
    description: row.description,
    status: row.status,
    stripeAccountId: account?.accountId ?? null,
    jobs: jobs.map((job) => ({
      positionName: job.positionName,
      employerName: job.employerName,
      monthStart: job.monthStart,
      yearStart: job.yearStart,
      monthEnd: job.monthEnd,
      yearEnd: job.yearEnd,
      stillWorking: job.stillWorking,
    })),
    references: references.map((r) => ({ author: r.author, description: r.description })),
    training_start: row.trainingStart,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    licence,
    offer_requirements: {
      profile_active: row.status === 'active',
      payment_account: accountReady,
      licence_verified: isLicenceVerified(row),
    },
  };
}

async function ownProfile(deps: ProfileDeps, userId: string): Promise<ProfileRow> {
  await ensureProfile(deps.db, userId, deps.clock.now());
  const row = await findProfileByUser(deps.db, userId);
  if (!row) throw new Error(`profile of ${userId} missing after ensureProfile`);
  return row;
}

/** GET /user/profile: the user's profile; a first visit gets an empty draft (inactive). */
export async function getProfile(deps: ProfileDeps, user: ProfileUser): Promise<ProfileDto> {
  return toDto(deps.db, deps.payments, await ownProfile(deps, user.id), user.email);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const SEOLINK_ATTEMPTS = 5;

/**
 * The seolink follows the name until the profile has been public once. A link it already has
 * for the same name (`jan-kowalski-2`) is kept rather than renumbered.
 */
async function chooseSeolink(tx: Tx, row: ProfileRow, firstname: string, lastname: string): Promise<string> {
  if (row.firstActiveAt && row.seolink) return row.seolink;
  const base = seolinkFromName(firstname, lastname);
  const root = base === '' ? SEOLINK_FALLBACK : base;
  if (
    row.seolink === root ||
    (row.seolink?.startsWith(`${root}-`) && /^\d+$/.test(row.seolink.slice(root.length + 1)))
  ) {
    return row.seolink;
  }
  return nextFreeSeolink(base, await takenSeolinks(tx, root, row.id));
}

/** PUT /user/profile, validated on its route with the form's schema: stores the whole profile at once. */
export async function saveProfile(
  deps: ProfileDeps,
  user: ProfileUser,
  input: ProfilePayload,
): Promise<ProfileDto> {
  const now = deps.clock.now();

  await ensureProfile(deps.db, user.id, now);
  let before: ProfileRow | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.db.transaction(async (tx) => {
        const row = await lockProfileByUser(tx, user.id);
        if (!row) throw new Error(`profile of ${user.id} missing after ensureProfile`);
        before = row;
        await updateProfile(tx, row.id, {
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone,
          permissions: input.permissions,
          licenseNo: input.licenseNo,
          specialization: joinSpecializations(input.specialization),
          institution: input.institution,
          description: input.description,
          linkedinUrl: input.linkedinUrl,
          facebookUrl: input.facebookUrl,
          trainingStart: input.training_start,
          seolink: await chooseSeolink(tx, row, input.firstname, input.lastname),
          updatedAt: now,
        });
        await replaceJobs(tx, row.id, input.jobs);
        await replaceReferences(tx, row.id, input.references);
        await refreshProfileStatus(tx, deps.payments, user.id, now);
      });
      break;
    } catch (error) {
      // Another profile took the same seolink between our check and our write: pick again.
      if (!isUniqueViolation(error) || attempt >= SEOLINK_ATTEMPTS) throw error;
    }
  }
  const after = await findProfileByUser(deps.db, user.id);
  if (after && deps.onProfileSaved) await deps.onProfileSaved(before, after, { ip: user.ip ?? null });
  return getProfile(deps, user);
}

type FileSlot = 'imageKey' | 'cvKey';
const FOLDERS: Record<FileSlot, string> = { imageKey: 'avatars', cvKey: 'cv' };

/**
 * Stores a checked file under a new random name (128 bits: not guessable, never the uploader's
 * name), points the profile at it, then removes the file it replaces.
 */
export async function replaceProfileFile(
  deps: ProfileDeps,
  user: ProfileUser,
  slot: FileSlot,
  file: ProcessedFile,
): Promise<string> {
  const key = `${FOLDERS[slot]}/${randomBytes(16).toString('hex')}${file.extension}`;
  await deps.storage.put(key, file.bytes, file.contentType);
  let previous: string | null = null;
  try {
    const now = deps.clock.now();
    await ensureProfile(deps.db, user.id, now);
    await deps.db.transaction(async (tx) => {
      const row = await lockProfileByUser(tx, user.id);
      if (!row) throw new Error(`profile of ${user.id} missing after ensureProfile`);
      previous = row[slot];
      await updateProfile(tx, row.id, { [slot]: key, updatedAt: now });
      await refreshProfileStatus(tx, deps.payments, user.id, now);
    });
  } catch (error) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'orphan upload left'));
    throw error;
  }
  const replaced: string | null = previous;
  if (replaced) {
    await deps.storage
      .delete(replaced)
      .catch((err: unknown) => deps.log.warn({ err, key: replaced }, 'replaced upload not removed'));
  }
  return key;
}

function invoiceDto(row: ProviderInvoiceDataRow | null): InvoiceDataDto {
  return {
    invoice_nip: row?.nip ?? '',
    invoice_company: row?.company ?? '',
    invoice_street: row?.street ?? '',
    invoice_postcode: row?.postcode ?? '',
    invoice_city: row?.city ?? '',
    invoice_bank_account: row?.bankAccount ?? null,
  };
}

export async function getInvoiceData(deps: ProfileDeps, user: ProfileUser): Promise<InvoiceDataDto> {
  return invoiceDto(await findInvoiceData(deps.db, user.id));
}

export async function saveInvoiceData(
  deps: ProfileDeps,
  user: ProfileUser,
  input: ProviderInvoicePayload,
): Promise<InvoiceDataDto> {
  const row = await upsertInvoiceData(
    deps.db,
    {
      userId: user.id,
      nip: input.invoice_nip,
      company: input.invoice_company,
      street: input.invoice_street,
      postcode: input.invoice_postcode,
      city: input.invoice_city,
      bankAccount: input.invoice_bank_account,
    },
    deps.clock.now(),
  );
  return invoiceDto(row);
}
