import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../src/db/client.ts';
import { alertSettings, boardRequests } from '../src/db/schema.ts';
import type { Seed } from './helpers.ts';

export const MOKOTOW = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
export const SO_WARSZAWA = 'sad-okregowy-w-warszawie';
export const SO_KRAKOW = 'sad-okregowy-w-krakowie';

/** A substitute: a verified, payout-ready profile (seed default) with saved alert settings. */
export async function seedSubstitute(
  db: Db,
  seed: Seed,
  options: {
    areas?: string[];
    courts?: string[];
    cities?: string[];
    profession?: string;
    trainingStart?: string | null;
    active?: boolean;
    locale?: 'pl' | 'en';
    email?: boolean;
    push?: boolean;
    digest?: boolean;
    quiet?: { from: string; to: string } | null;
  } = {},
) {
  const user = await seed.user({ locale: options.locale ?? 'pl' });
  const profile = await seed.profile({
    userId: user.id,
    active: options.active ?? true,
    permissions: options.profession ?? 'adwokat',
    trainingStart: options.trainingStart ?? null,
  });
  await db.insert(alertSettings).values({
    userId: user.id,
    areaCourtIds: options.areas ?? [],
    courtIds: options.courts ?? [],
    cities: options.cities ?? [],
    email: options.email ?? true,
    push: options.push ?? false,
    digest: options.digest ?? false,
    quietFrom: options.quiet === undefined ? null : (options.quiet?.from ?? null),
    quietTo: options.quiet === undefined ? null : (options.quiet?.to ?? null),
  });
  return { user, profile };
}

/** A board request row as posting writes it (the board module is built beside this one). */
export function requestValues(
  posterUserId: string,
  now: Date,
  overrides: Partial<typeof boardRequests.$inferInsert> = {},
) {
  const startsAt = new Date(now.getTime() + 24 * 60 * 60_000);
  return {
    posterUserId,
    courtId: MOKOTOW,
    startsAt,
    mode: 'in_person' as const,
    caseType: 'civil' as const,
    task: 'Stawiennictwo na rozprawie, wniosek o odroczenie.',
    professions: ['adwokat', 'radca-prawny', 'aplikant-adwokacki'] as (
      'adwokat' | 'radca-prawny' | 'aplikant-adwokacki'
    )[],
    feeNetGrosze: 25_000,
    answerDeadline: new Date(startsAt.getTime() - 2 * 60 * 60_000),
    urgent: true,
    caseNumber: 'I C 123/26',
    parties: [{ name: 'Jan Nowak', role: 'powód' }],
    createdAt: now,
    ...overrides,
  };
}

/** Keys a browser would hand over: a P-256 public key and 16 auth bytes, base64url. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A push service on 127.0.0.1: records each message's path; '/gone/…' answers 410. */
export async function startFakePushService(): Promise<{
  url: string;
  received: string[];
  close(): Promise<void>;
}> {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
