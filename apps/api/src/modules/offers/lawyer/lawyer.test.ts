import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  OFFER_STATUSES,
  addDays,
  canDelete,
  offerCreatedDtoSchema,
  offerDtoSchema,
  warsawDate,
  type OfferStatus,
} from '@substytut/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/helpers.ts';
import { mailOutbox, offerPayments, offers } from '../../../db/schema.ts';
import { hashToken } from '../../app/token-crypto.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

/** A signed-in lawyer with an active profile (ready payment account). */
async function lawyer(active = true) {
  const session = await t.seed.session();
  const profile = await t.seed.profile({ userId: session.user.id, active });
  return { ...session, profile };
}

const tomorrow = () => addDays(warsawDate(t.clock.now()), 1);

function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Zastępstwo w SR Kraków',
    expireDate: tomorrow(),
    price: '100.00',
    description: '',
    ...overrides,
  };
}

let clients = 0;
/** A new client address per call: these tests create far more offers than one client may. */
function create(headers: Headers, payload: Record<string, unknown>) {
  clients += 1;
  const remoteAddress = `10.1.${Math.floor(clients / 250)}.${clients % 250}`;
  return t.app.inject({ method: 'POST', url: '/api/user/offer', headers, payload, remoteAddress });
}

async function row(id: number) {
  const [found] = await t.db.select().from(offers).where(eq(offers.id, id));
  return found;
}

async function pngSize(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

describe('POST /api/user/offer', () => {
  // net typed by the lawyer -> gross in PLN; half up at the grosz, in integer grosze.
  const table: [string, string][] = [
    ['0.01', '0.01'],
    ['0.05', '0.06'],
    ['0.50', '0.62'],
    ['1.00', '1.23'],
    ['1.50', '1.85'],
    ['99.99', '122.99'],
    ['100.01', '123.01'],
    ['333.33', '410.00'],
    ['813.01', '1000.00'],
    ['1000.00', '1230.00'],
  ];
  it.each(table)('net %s -> gross %s', async (net, gross) => {
    const { headers } = await lawyer();
    const response = await create(headers, offerBody({ price: net }));
    expect(response.statusCode, response.body).toBe(200);
    const data = offerCreatedDtoSchema.parse(response.json().data);
    expect(data.offer.price).toBe(net);
    expect(data.offer.price_brutto).toBe(gross);
    const stored = await row(data.offer.offerId);
    expect(stored?.grossGrosze).toBe(Math.round(Number(gross) * 100));
    // The client's own gross is accepted when it agrees.
    const agreeing = await create(headers, offerBody({ price: net, price_brutto: gross }));
    expect(agreeing.statusCode).toBe(200);
  });

  it('answers the offer with an unguessable link on the lawyer’s public page', async () => {
    const { headers, profile } = await lawyer();
    const response = await create(headers, offerBody({ title: 'Rozprawa – Łódź' }));
    expect(response.statusCode).toBe(200);
    const { absoluteUrl, offer } = offerCreatedDtoSchema.parse(response.json().data);
    expect(offer.offerUrl).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(absoluteUrl).toBe(`http://localhost:3000/u/${profile.seolink}?o=${offer.offerUrl}`);
    expect(offer).toMatchObject({
      status: 'active',
      title: 'Rozprawa – Łódź',
      description: '',
      expireDate: tomorrow(),
      profileId: profile.id,
      absoluteUrl,
      profile: { seolink: profile.seolink },
    });
    const other = offerCreatedDtoSchema.parse((await create(headers, offerBody())).json().data);
    expect(other.offer.offerUrl).not.toBe(offer.offerUrl);
  });

  it.each([
    ['0', 'validation.priceRange'],
    ['0.00', 'validation.priceRange'],
    ['1000.01', 'validation.priceRange'],
    ['-5', 'validation.priceFormat'],
    ['12.345', 'validation.priceFormat'],
    ['abc', 'validation.priceFormat'],
    ['', 'validation.fillField'],
  ])('refuses net %j (%s)', async (price, key) => {
    const { headers, profile } = await lawyer();
    const response = await create(headers, offerBody({ price }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed', errors: { price: key } });
    expect(await t.db.select().from(offers).where(eq(offers.profileId, profile.id))).toHaveLength(0);
  });

  it('refuses a gross that disagrees with the net', async () => {
    const { headers } = await lawyer();
    const response = await create(headers, offerBody({ price: '100.00', price_brutto: '123.01' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ price_brutto: 'validation.priceBruttoMismatch' });
  });

  it('refuses a missing title', async () => {
    const { headers } = await lawyer();
    const response = await create(headers, offerBody({ title: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ title: 'validation.fillField' });
  });

  describe('expiry in Warsaw calendar days', () => {
    it('just before Warsaw midnight (22:59:59 UTC in winter): today refused, tomorrow accepted', async () => {
      const { headers } = await lawyer();
      t.clock.set('2025-03-10T22:59:59.000Z'); // 23:59:59 in Warsaw (CET), still the 10th
      try {
        const today = await create(headers, offerBody({ expireDate: '2025-03-10' }));
        expect(today.statusCode).toBe(400);
        expect(today.json().errors).toEqual({ expireDate: 'validation.expireDateTooEarly' });
        expect((await create(headers, offerBody({ expireDate: '2025-03-11' }))).statusCode).toBe(200);
      } finally {
        t.clock.set(new Date());
      }
    });

    it('just after Warsaw midnight (23:00 UTC, still the 10th in UTC): the 11th is today there', async () => {
      const { headers } = await lawyer();
      t.clock.set('2025-03-10T23:00:00.000Z'); // 00:00 on the 11th in Warsaw
      try {
        const today = await create(headers, offerBody({ expireDate: '2025-03-11' }));
        expect(today.statusCode).toBe(400);
        expect(today.json().errors).toEqual({ expireDate: 'validation.expireDateTooEarly' });
        expect((await create(headers, offerBody({ expireDate: '2025-03-12' }))).statusCode).toBe(200);
      } finally {
        t.clock.set(new Date());
      }
    });

    it('in summer time (UTC+2) too', async () => {
      const { headers } = await lawyer();
      t.clock.set('2025-07-01T22:30:00.000Z'); // 00:30 on 2 July in Warsaw
      try {
        expect((await create(headers, offerBody({ expireDate: '2025-07-02' }))).statusCode).toBe(400);
        expect((await create(headers, offerBody({ expireDate: '2025-07-03' }))).statusCode).toBe(200);
      } finally {
        t.clock.set(new Date());
      }
    });

    it('at most a year ahead: 9999-12-31 is refused, on creation and on edit (issue 19, finding 6)', async () => {
      const { headers, profile } = await lawyer();
      t.clock.set('2025-03-10T12:00:00.000Z');
      try {
        for (const expireDate of ['9999-12-31', '2026-03-11']) {
          const response = await create(headers, offerBody({ expireDate }));
          expect(response.statusCode, expireDate).toBe(400);
          expect(response.json().errors).toEqual({ expireDate: 'validation.expireDateTooLate' });
        }
        expect(await t.db.select().from(offers).where(eq(offers.profileId, profile.id))).toHaveLength(0);
        const created = await create(headers, offerBody({ expireDate: '2026-03-10' }));
        expect(created.statusCode).toBe(200);
        const edited = await t.app.inject({
          method: 'PUT',
          url: `/api/user/offer/${offerCreatedDtoSchema.parse(created.json().data).offer.offerId}`,
          headers,
          payload: { expireDate: '9999-12-31' },
        });
        expect(edited.statusCode).toBe(400);
        expect(edited.json().errors).toEqual({ expireDate: 'validation.expireDateTooLate' });
      } finally {
        t.clock.set(new Date());
      }
    });

    it.each(['2025-02-30', '10.03.2025', 'jutro', ''])('refuses the date %j', async (expireDate) => {
      const { headers } = await lawyer();
      const response = await create(headers, offerBody({ expireDate }));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['expireDate']);
    });
  });

  it('is refused (403 offers.profile_inactive) without an active profile and a ready payment account', async () => {
    const inactive = await lawyer(false);
    const noProfile = await t.seed.session();
    // Active status but the payment account is not (or no longer) ready.
    const noAccount = await t.seed.session();
    await t.seed.profile({ userId: noAccount.user.id, active: false, status: 'active' });
    for (const { headers } of [inactive, noProfile, noAccount]) {
      const response = await create(headers, offerBody());
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('offers.profile_inactive');
    }
    expect(await t.db.select().from(offers).where(eq(offers.profileId, inactive.profile.id))).toHaveLength(0);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/offer',
      headers: await csrfHeaders(t.app),
      payload: offerBody(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the card image', () => {
  it('is a 1200×630 PNG served under /storage/, replaced when the title changes', async () => {
    const { headers } = await lawyer();
    const created = offerCreatedDtoSchema.parse(
      (await create(headers, offerBody({ title: 'Pierwszy tytuł' }))).json().data,
    );
    const firstKey = created.offer.cardUrl;
    expect(firstKey).toMatch(/^cards\/[0-9a-f]{32}\.png$/);
    const first = await t.app.inject({ method: 'GET', url: `/storage/${firstKey}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(await pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630, format: 'png' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${created.offer.offerId}`,
      headers,
      payload: { title: 'Drugi, zupełnie inny tytuł' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const secondKey = offerDtoSchema.parse(updated.json().data).cardUrl;
    expect(secondKey).not.toBe(firstKey);
    const second = await t.app.inject({ method: 'GET', url: `/storage/${secondKey}` });
    expect(await pngSize(second.rawPayload)).toEqual({ width: 1200, height: 630, format: 'png' });
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).not.toBe(0);
    // The replaced card is removed.
    expect((await t.app.inject({ method: 'GET', url: `/storage/${firstKey}` })).statusCode).toBe(404);
  });

  it('is re-rendered for live offers after the lawyer changes the profile', async () => {
    const { headers, profile } = await lawyer();
    const live = offerCreatedDtoSchema.parse((await create(headers, offerBody())).json().data).offer;
    const paid = await t.seed.offer({ profileId: profile.id, status: 'payed', cardKey: null });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: {
        firstname: 'Grażyna',
        lastname: 'Źdźbło',
        phone: '',
        permissions: 'adwokat',
        licenseNo: 'WAW/Adw/1',
        specialization: ['prawo-karne'],
        institution: 'ia-warszawa',
        description: 'Zastępstwa procesowe.',
        linkedinUrl: '',
        facebookUrl: '',
        jobs: [],
        references: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.offerCards.idle();
    const after = await row(live.offerId);
    expect(after?.cardKey).toMatch(/^cards\/.+\.png$/);
    expect(after?.cardKey).not.toBe(live.cardUrl);
    // Only live links are worth re-rendering.
    expect((await row(paid.id))?.cardKey).toBeNull();
  });
});

describe('a card whose file is missing', () => {
  const card = (key: string) => t.app.inject({ method: 'GET', url: `/storage/${key}` });
  const stored = async (key: string) => {
    const object = await t.app.storage.get(key);
    object?.body.destroy();
    return object !== null;
  };

  it('is made again from the offer on first use and stored under the same address', async () => {
    const { headers } = await lawyer();
    const { offer } = offerCreatedDtoSchema.parse((await create(headers, offerBody())).json().data);
    const key = offer.cardUrl as string;
    const original = (await card(key)).rawPayload;
    await t.app.storage.delete(key);

    const served = await card(key);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await pngSize(served.rawPayload)).toEqual({ width: 1200, height: 630, format: 'png' });
    expect(Buffer.compare(served.rawPayload, original)).toBe(0);
    expect(await stored(key)).toBe(true);
    expect((await row(offer.offerId))?.cardKey).toBe(key);
  });

  it('is made once when several first requests come at once', async () => {
    const { profile } = await lawyer();
    // As a kill -9 between creating the offer and storing its card leaves it.
    const key = `cards/${'ab'.repeat(16)}.png`;
    await t.seed.offer({ profileId: profile.id, cardKey: key });
    const put = vi.spyOn(t.app.storage, 'put');
    try {
      const answers = await Promise.all([card(key), card(key), card(key)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
      expect(put).toHaveBeenCalledTimes(1);
    } finally {
      put.mockRestore();
    }
    expect(await stored(key)).toBe(true);
  });

  it('still gets an address when storing it fails while the offer is created', async () => {
    const { headers } = await lawyer();
    const put = vi.spyOn(t.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    let created;
    try {
      created = await create(headers, offerBody());
    } finally {
      put.mockRestore();
    }
    expect(created.statusCode).toBe(200);
    const key = offerCreatedDtoSchema.parse(created.json().data).offer.cardUrl;
    expect(key).toMatch(/^cards\/[0-9a-f]{32}\.png$/);
    expect((await card(key as string)).statusCode).toBe(200);
  });

  it('is not made for a name that is no offer’s card', async () => {
    const { profile } = await lawyer();
    const gone = await t.seed.offer({ profileId: profile.id, cardKey: `cards/${'cd'.repeat(16)}.png` });
    await t.db.delete(offers).where(eq(offers.id, gone.id));
    for (const key of [
      `cards/${'cd'.repeat(16)}.png`,
      `cards/${'ef'.repeat(16)}.png`,
      'avatars/missing.webp',
    ]) {
      expect((await card(key)).statusCode, key).toBe(404);
      expect(await stored(key), key).toBe(false);
    }
  });
});

describe('GET /api/user/offer', () => {
  it('lists only the caller’s offers, newest first, in the DTO shape', async () => {
    const { headers, profile } = await lawyer();
    const other = await lawyer();
    const older = await t.seed.offer({ profileId: profile.id, createdAt: new Date('2025-01-01T10:00:00Z') });
    const newer = await t.seed.offer({
      profileId: profile.id,
      status: 'done',
      netGrosze: 33_333,
      createdAt: new Date('2025-02-01T10:00:00Z'),
    });
    await t.seed.offer({ profileId: other.profile.id });
    const response = await t.app.inject({ method: 'GET', url: '/api/user/offer', headers });
    expect(response.statusCode).toBe(200);
    const list = offerDtoSchema.array().parse(response.json().data);
    expect(list.map((o) => o.offerId)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      status: 'done',
      price: '333.33',
      price_brutto: '410.00',
      createDate: '2025-02-01T10:00:00.000Z',
      absoluteUrl: `http://localhost:3000/u/${profile.seolink}?o=${newer.offerUrl}`,
    });
  });

  it('is empty for a user without a profile', async () => {
    const { headers } = await t.seed.session();
    const response = await t.app.inject({ method: 'GET', url: '/api/user/offer', headers });
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('another lawyer’s offer', () => {
  it('is not found for GET, PUT, DELETE and done, and stays unchanged', async () => {
    const owner = await lawyer();
    const stranger = await lawyer();
    for (const status of ['active', 'payed'] as const) {
      const offer = await t.seed.offer({ profileId: owner.profile.id, status });
      const calls = [
        { method: 'GET', url: `/api/user/offer/${offer.id}` },
        { method: 'PUT', url: `/api/user/offer/${offer.id}`, payload: { title: 'Przejęte' } },
        { method: 'DELETE', url: `/api/user/offer/${offer.id}` },
        { method: 'PUT', url: `/api/user/offer/${offer.id}/done` },
      ] as const;
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: stranger.headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(response.json().code).toBe('offers.not_found');
      }
      expect(await row(offer.id)).toEqual(offer);
    }
  });

  it.each(['abc', '1.5', '-1', '0', '007', '99999999999', '2147483648', '1e3', '%20'])(
    'an id like %j is 404, never a server error',
    async (id) => {
      const { headers } = await lawyer();
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['PUT', '/done'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/user/offer/${id}${suffix}`,
          headers,
          payload: {},
        });
        expect(response.statusCode).toBe(404);
      }
    },
  );
});

describe('every status × every action', () => {
  const updateAllowed = (s: OfferStatus) => s === 'active';
  const doneAllowed = (s: OfferStatus) => s === 'payed';

  for (const status of OFFER_STATUSES) {
    it(`PUT on a ${status} offer: ${updateAllowed(status) ? 'edited' : '409'}`, async () => {
      const { headers, profile } = await lawyer();
      const offer = await t.seed.offer({ profileId: profile.id, status });
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/user/offer/${offer.id}`,
        headers,
        payload: { title: 'Nowy tytuł', price: '200.00', expireDate: addDays(tomorrow(), 3) },
      });
      if (updateAllowed(status)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(await row(offer.id)).toMatchObject({
          title: 'Nowy tytuł',
          netGrosze: 20_000,
          grossGrosze: 24_600,
          expireDate: addDays(tomorrow(), 3),
          status: 'active',
        });
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('offers.invalid_transition');
        expect(await row(offer.id)).toEqual(offer);
      }
    });

    it(`DELETE on a ${status} offer: ${canDelete(status) ? 'removed' : '409'}`, async () => {
      const { headers, profile } = await lawyer();
      const offer = await t.seed.offer({ profileId: profile.id, status });
      const response = await t.app.inject({ method: 'DELETE', url: `/api/user/offer/${offer.id}`, headers });
      if (canDelete(status)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ data: null });
        expect(await row(offer.id)).toBeUndefined();
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('offers.invalid_transition');
        expect(await row(offer.id)).toEqual(offer);
      }
    });

    it(`done on a ${status} offer: ${doneAllowed(status) ? 'done' : '409'}`, async () => {
      const { headers, profile } = await lawyer();
      const offer = await t.seed.offer({ profileId: profile.id, status });
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/user/offer/${offer.id}/done`,
        headers,
        payload: HELD,
      });
      if (doneAllowed(status)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(offerDtoSchema.parse(response.json().data).status).toBe('done');
        const after = await row(offer.id);
        expect(after?.status).toBe('done');
        expect(after?.acceptanceTokenHash).toMatch(/^[0-9a-f]{64}$/);
        expect(after?.doneAt).not.toBeNull();
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('offers.invalid_transition');
        expect(await row(offer.id)).toEqual(offer);
      }
    });
  }

  it('PUT validates like a new offer (expiry from tomorrow, price bounds)', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id });
    for (const payload of [
      { expireDate: warsawDate(t.clock.now()) },
      { price: '1000.01' },
      { price: '0' },
      { price: '10.00', price_brutto: '12.00' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/user/offer/${offer.id}`,
        headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await row(offer.id)).toEqual(offer);
  });
});

describe('races', () => {
  it('two concurrent mark-done requests: one succeeds, one mail, one token', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    await seedPaidPayment(offer.id, 'race@example.com');
    const url = `/api/user/offer/${offer.id}/done`;
    const responses = await Promise.all([
      t.app.inject({ method: 'PUT', url, headers, payload: HELD }),
      t.app.inject({ method: 'PUT', url, headers, payload: HELD }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'race@example.com'))).toHaveLength(1);
  });

  it('two concurrent deletes: the offer is removed once, the other answers 404', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id });
    const url = `/api/user/offer/${offer.id}`;
    const responses = await Promise.all([
      t.app.inject({ method: 'DELETE', url, headers }),
      t.app.inject({ method: 'DELETE', url, headers }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await row(offer.id)).toBeUndefined();
  });

  it('a delete racing mark-done on a payed offer is refused; the job is done once', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    const responses = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/user/offer/${offer.id}`, headers }),
      t.app.inject({ method: 'PUT', url: `/api/user/offer/${offer.id}/done`, headers, payload: HELD }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([409, 200]);
    expect((await row(offer.id))?.status).toBe('done');
  });
});

/** Marking a job done carries a hearing report (issue 23). */
const HELD = { outcome: 'held', notes: '' };

async function seedPaidPayment(offerId: number, email: string, locale: 'pl' | 'en' = 'pl') {
  await t.db.insert(offerPayments).values({
    offerId,
    provider: 'sandbox',
    externalId: `cs_test_${offerId}_${Math.random().toString(36).slice(2)}`,
    payLink: 'http://localhost:3000/sandbox/checkout',
    status: 'paid',
    price: 12_300,
    email,
    street: 'Prosta 1',
    city: 'Warszawa',
    postCode: '00-001',
    locale,
    expiresAt: t.clock.now(),
    payDate: t.clock.now(),
  });
}

describe('PUT /api/user/offer/{id}/done', () => {
  it('mails the paying client a secret confirmation link whose hash is stored', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({
      profileId: profile.id,
      status: 'payed',
      title: 'Rozprawa w SO',
      netGrosze: 10_000,
    });
    await seedPaidPayment(offer.id, 'klient@example.com');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}/done`,
      headers,
      payload: HELD,
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'klient@example.com'));
    expect(mail?.subject).toContain('Rozprawa w SO');
    expect(mail?.text).toContain('123,00');
    const link = /http:\/\/localhost:3000\/offer\/accept\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    const stored = await row(offer.id);
    expect(stored?.acceptanceTokenHash).toBe(hashToken(token));
    expect(mail?.html).not.toContain(stored?.acceptanceTokenHash ?? '-');
  });

  it('writes to an English-speaking client in English under /en', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    await seedPaidPayment(offer.id, 'client-en@example.com', 'en');
    await t.app.inject({ method: 'PUT', url: `/api/user/offer/${offer.id}/done`, headers, payload: HELD });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'client-en@example.com'));
    expect(mail?.subject).toMatch(/please confirm/);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/en\/offer\/accept\/[A-Za-z0-9_-]{43}/);
  });
});

describe('DELETE with an open checkout', () => {
  it('ends the checkout at the provider before removing the offer', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'paystart' });
    await t.db.insert(offerPayments).values({
      offerId: offer.id,
      provider: 'sandbox',
      externalId: `cs_open_${offer.id}`,
      payLink: 'http://localhost:3000/sandbox/checkout',
      status: 'open',
      price: offer.grossGrosze,
      email: 'payer@example.com',
      street: 'Prosta 1',
      city: 'Warszawa',
      postCode: '00-001',
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    const provider = t.services.payments.provider as unknown as {
      expireCheckout: (id: string) => Promise<void>;
    };
    const expire = vi.spyOn(provider, 'expireCheckout').mockResolvedValue(undefined);
    try {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/user/offer/${offer.id}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(expire).toHaveBeenCalledWith(`cs_open_${offer.id}`);
      expect(await row(offer.id)).toBeUndefined();
      expect(await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id))).toEqual([]);
    } finally {
      expire.mockRestore();
    }
  });

  it('refuses when a payment succeeded even though the status still allows deletion', async () => {
    const { headers, profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'expired' });
    await seedPaidPayment(offer.id, 'late@example.com');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/user/offer/${offer.id}`, headers });
    expect(response.statusCode).toBe(409);
    expect(await row(offer.id)).toEqual(offer);
  });
});
