import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Storage } from '../../storage/index.ts';
import { renderOfferCard } from './card.ts';
import {
  findOfferIdByCardKey,
  findOfferWithProfile,
  liveOfferIdsOfUser,
  swapCardKey,
  type OfferWithProfile,
} from '../offers.repo.ts';

export interface OfferCardsDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

async function readAll(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export type OfferCards = ReturnType<typeof createOfferCards>;

/** A new random card key: a new card never reuses an address a cache may still hold. */
export const newCardKey = () => `cards/${randomBytes(16).toString('hex')}.png`;

/**
 * Renders and stores offer cards. Each render reads the offer and profile as they are when it
 * starts, and renders of one offer run one after another, so the card left in place is always
 * made from the latest data. Each card gets a new random key (the old file is removed), so a
 * cached /storage/ response can never show an outdated card under the same address.
 */
export function createOfferCards(deps: OfferCardsDeps) {
  const chains = new Map<number, Promise<void>>();
  const pending = new Set<Promise<unknown>>();

  async function render({ offer, profile }: OfferWithProfile): Promise<Buffer> {
    return renderOfferCard({
      fullname: [profile.firstname, profile.lastname].filter(Boolean).join(' '),
      permissions: profile.permissions,
      specialization: profile.specialization,
      title: offer.title,
      grossGrosze: offer.grossGrosze,
      photo: await readAll(deps.storage, profile.imageKey).catch((err: unknown) => {
        deps.log.warn({ err, offerId: offer.id }, 'card: photo not readable, drawing initials');
        return null;
      }),
    });
  }

  async function renderNow(offerId: number): Promise<string | null> {
    const found = await findOfferWithProfile(deps.db, offerId);
    if (!found) return null;
    const { offer } = found;
    const png = await render(found);
    const key = newCardKey();
    await deps.storage.put(key, png, 'image/png');
    if (!(await swapCardKey(deps.db, offerId, offer.cardKey, key))) {
      // The offer was deleted or re-rendered meanwhile: this card is not needed.
      await deps.storage.delete(key).catch(() => undefined);
      return null;
    }
    if (offer.cardKey) {
      const old = offer.cardKey;
      await deps.storage
        .delete(old)
        .catch((err: unknown) => deps.log.warn({ err, key: old }, 'old card not removed'));
    }
    return key;
  }

  /**
   * Stores the card under the key the offer already has when its file is missing (the process
   * died between creating the offer and storing the card, or the file was lost). Renders of one
   * offer are queued, so requests that find it missing at once make it once; instances that race
   * write the same bytes under the same key, and a write replaces the file whole.
   */
  async function fillNow(offerId: number, key: string): Promise<boolean> {
    const found = await findOfferWithProfile(deps.db, offerId);
    // Re-rendered (new key) or deleted while this waited in the queue.
    if (!found || found.offer.cardKey !== key) return false;
    const existing = await deps.storage.get(key);
    if (existing) {
      existing.body.destroy();
      return true;
    }
    await deps.storage.put(key, await render(found), 'image/png');
    return true;
  }

  /** Runs `job` after the renders already queued for the offer. */
  function queue<T>(offerId: number, job: () => Promise<T>): Promise<T> {
    const previous = chains.get(offerId) ?? Promise.resolve();
    const run = previous.then(job);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    chains.set(offerId, settled);
    void settled.then(() => {
      if (chains.get(offerId) === settled) chains.delete(offerId);
    });
    return run;
  }

  /** Renders the offer's card now (after the ones already queued for it); the new key or null. */
  function refresh(offerId: number): Promise<string | null> {
    return queue(offerId, () => renderNow(offerId));
  }

  /**
   * Makes sure the file of the card stored under `key` exists, rendering it from its offer when
   * it is missing. False when no offer has this card: no other name is ever rendered.
   */
  async function ensure(key: string): Promise<boolean> {
    const offerId = await findOfferIdByCardKey(deps.db, key);
    if (offerId === null) return false;
    return queue(offerId, () => fillNow(offerId, key));
  }

  /** Like ensure, but never throws: a failed render is made again on the card's first request. */
  async function ensureQuietly(key: string): Promise<void> {
    try {
      await ensure(key);
    } catch (err) {
      deps.log.error({ err, key }, 'offer card render failed');
    }
  }

  /** Like refresh, but never throws: a failed render leaves the previous card and is logged. */
  async function refreshQuietly(offerId: number): Promise<string | null> {
    try {
      return await refresh(offerId);
    } catch (err) {
      deps.log.error({ err, offerId }, 'offer card render failed');
      return null;
    }
  }

  /** In the background: re-renders the cards of the user's live offers after a profile change. */
  function refreshProfileInBackground(userId: string): void {
    const job = (async () => {
      const ids = await liveOfferIdsOfUser(deps.db, userId);
      // One at a time: rendering is CPU work and must not starve the requests being served.
      for (const id of ids) await refreshQuietly(id);
    })().catch((err: unknown) => deps.log.error({ err, userId }, 'profile card refresh failed'));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  return {
    /** Removes a card file of a deleted offer; a failure only leaves an orphan file behind. */
    async removeFile(key: string): Promise<void> {
      await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'card not removed'));
    },
    refresh,
    refreshQuietly,
    ensure,
    ensureQuietly,
    refreshProfileInBackground,
    /** Waits for background renders (tests, and a clean shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0 || chains.size > 0) {
        await Promise.all([...pending, ...chains.values()]);
      }
    },
  };
}
