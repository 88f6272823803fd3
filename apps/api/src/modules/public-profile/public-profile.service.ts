import {
  formatPln,
  isOfferPayable,
  publicProfileDtoSchema,
  splitSpecializations,
  type Locale,
  type PublicOfferDto,
  type PublicProfileDto,
} from '@substytut/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../app/clock.ts';
import { AppError, notFound } from '../app/errors.ts';
import { publicLicenceOf } from '../profile/index.ts';
import { toPublicOfferDto } from '../offers/index.ts';
import type { SitemapSource } from '../seo/index.ts';
import { createPublicPageCache } from '../app/public-page-cache.ts';
import {
  isDeletedProfilePage,
  listActiveSeolinks,
  loadActiveProfile,
  type PublicProfileRow,
} from './public-profile.repo.ts';

export interface PublicProfileDeps {
  db: Db;
  clock: Clock;
}

export const profileNotFound = () => notFound('profile.not_found');
/** The lawyer deleted the account: the page is gone for good, not merely missing (GDPR art. 17). */
export const profileGone = () => new AppError(410, 'profile.gone');

/**
 * Only what the public page shows (spec 2): no user id, account id, invoice data or profile
 * status. The e-mail and phone are the lawyer's public contact details on the page.
 */
function profileDto(row: PublicProfileRow, offer: PublicOfferDto | null): PublicProfileDto {
  const p = row.profile;
  return {
    firstname: p.firstname,
    lastname: p.lastname,
    fullname: [p.firstname, p.lastname].filter((s) => s !== '').join(' '),
    phone: p.phone,
    email: row.email,
    permissions: p.permissions,
    licenseNo: p.licenseNo,
    specialization: splitSpecializations(p.specialization),
    institution: p.institution,
    imageUrl: p.imageKey,
    cvUrl: p.cvKey,
    cardUrl: p.cardKey,
    linkedinUrl: p.linkedinUrl,
    facebookUrl: p.facebookUrl,
    seolink: p.seolink ?? '',
    description: p.description,
    jobs: row.jobs,
    references: row.references,
    board_references: row.boardReferences,
    offer,
    // Issue 22: the 'Zweryfikowany' badge shows only for a verified licence.
    licence: publicLicenceOf(p),
  };
}

/** The public page's data for a loaded row, checked against its schema (GET and the server-rendered page). */
function publicProfileOf(row: PublicProfileRow, now: Date): PublicProfileDto {
  const offer = row.offer ? toPublicOfferDto(row.offer, now) : null;
  // Issue 22: without a verified licence the offer cannot be paid (startPayment refuses it too).
  if (offer && row.profile.licenceState !== 'verified') offer.error = true;
  return publicProfileDtoSchema.parse(profileDto(row, offer));
}

export interface PublicProfileCacheOptions {
  /** milliseconds of a monotonic clock for the cache's lifetime; tests pass their own */
  now?: () => number;
}

const cacheKey = (seolink: string, offerUrl: string | null) => `${seolink}\u0000${offerUrl ?? ''}`;

/**
 * The answer of GET /public/profile/{seolink}, as the JSON text `{"data":…}`, through a public
 * page cache: checking it against the DTO schema and serializing it is most of the endpoint's
 * work, so it is done once per cache fill instead of once per request. Whether the offer is
 * payable may then be up to the cache's lifetime (1 s) old; checkout decides that again itself.
 * A fill reads the database itself, with no cache under this one: a write by another instance
 * shows after at most one lifetime (docs/operations.md, "Several instances").
 */
export function createPublicProfileJsonReader(
  deps: PublicProfileDeps,
  options: PublicProfileCacheOptions = {},
): (seolink: string, offerUrl: string | null) => Promise<string> {
  const cache = createPublicPageCache<string | null | 'gone'>(options);
  return async (seolink, offerUrl) => {
    const body = await cache.get(cacheKey(seolink, offerUrl), async () => {
      const row = await loadActiveProfile(deps.db, seolink, offerUrl);
      if (!row) return (await isDeletedProfilePage(deps.db, seolink)) ? 'gone' : null;
      return JSON.stringify({ data: publicProfileOf(row, deps.clock.now()) });
    });
    if (body === null) throw profileNotFound();
    if (body === 'gone') throw profileGone();
    return body;
  };
}

export interface PublicPageMeta {
  title: string;
  description: string;
  /** a storage key, or null for the default social image */
  imageKey: string | null;
  /** What GET /public/profile/{seolink} answers for the same page, for the server to render it with. */
  profile: PublicProfileDto;
}

const PRODUCT_NAME = 'Substytut';

/**
 * What a link preview of /u/{seolink}[?o=…] shows, and the page's data; null for an unknown or
 * inactive lawyer, 'gone' for one who deleted the account. The
 * profile row is kept in a public page cache of its own (every shell of the page asks for it),
 * filled from the database like the JSON reader's.
 */
export function createPublicPageMetaReader(
  deps: PublicProfileDeps,
  options: PublicProfileCacheOptions = {},
): (seolink: string, offerUrl: string | null, locale: Locale) => Promise<PublicPageMeta | null | 'gone'> {
  // Callers treat the row as read-only: it is shared between requests.
  const cache = createPublicPageCache<PublicProfileRow | null | 'gone'>(options);
  return async (seolink, offerUrl, locale) => {
    const row = await cache.get(cacheKey(seolink, offerUrl), async () => {
      const found = await loadActiveProfile(deps.db, seolink, offerUrl);
      if (found) return found;
      return (await isDeletedProfilePage(deps.db, seolink)) ? 'gone' : null;
    });
    if (!row || row === 'gone') return row;
    const name = [row.profile.firstname, row.profile.lastname].filter(Boolean).join(' ');
    const { offer } = row;
    const payable = offer !== null && isOfferPayable(offer, deps.clock.now());
    const gross = locale === 'pl' ? 'brutto' : 'gross';
    const description = payable
      ? `${offer.title}: ${formatPln(offer.grossGrosze, locale)} ${gross}. ${row.profile.description}`.trim()
      : row.profile.description;
    return {
      title: `${name} | ${PRODUCT_NAME}`,
      description,
      imageKey: (offer?.cardKey ?? null) || row.profile.imageKey || null,
      profile: publicProfileOf(row, deps.clock.now()),
    };
  };
}

/** The sitemap's lawyer pages (the seo module's extension point). */
export const publicProfilesSitemap: SitemapSource = async ({ db }) =>
  (await listActiveSeolinks(db)).map((r) => ({ path: `/u/${r.seolink}`, lastModified: r.updatedAt }));
