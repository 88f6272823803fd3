import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { licenceRegisterSlots } from '../../db/schema/licence.ts';

/** rejestradwokatow.pl's robots.txt asks for a crawl delay of 10 s. */
export const REGISTER_REQUEST_INTERVAL_MS = 10_000;

/**
 * Takes the register's next request slot for the whole deployment: true when this caller may send
 * a request now (and the next one waits `intervalMs`), false when another instance sent one less
 * than `intervalMs` ago. One conditional upsert on one row: two instances racing for the same slot
 * are ordered by the row lock, and the second sees the first's time.
 */
export async function takeRegisterSlot(
  db: DbOrTx,
  register: string,
  now: Date,
  intervalMs = REGISTER_REQUEST_INTERVAL_MS,
): Promise<boolean> {
  const next = new Date(now.getTime() + intervalMs);
  const taken = await db
    .insert(licenceRegisterSlots)
    .values({ register, nextRequestAt: next })
    .onConflictDoUpdate({
      target: licenceRegisterSlots.register,
      set: { nextRequestAt: next },
      setWhere: sql`${licenceRegisterSlots.nextRequestAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ register: licenceRegisterSlots.register });
  return taken.length > 0;
}
