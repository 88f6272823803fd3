import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, profiles, providerInvoiceData } from '../../src/db/schema.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../helpers.ts';

/**
 * Routes that need a session validate their body with the route's schema, and the session is
 * checked first: a visitor without one learns nothing about the body (401, not a field error),
 * an administrator on a lawyer's route gets 403, and only a signed-in caller sees the field errors.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Case {
  method: InjectOptions['method'];
  url: (offerId: number) => string;
  payload: unknown;
  errors: Record<string, string>;
  /** an administrator is refused by the route before validation */
  lawyersOnly?: boolean;
}

const CASES: Case[] = [
  {
    method: 'POST',
    url: () => '/api/user/offer',
    payload: { title: '', expireDate: 'jutro', price: '0' },
    errors: {
      title: 'validation.fillField',
      expireDate: 'validation.dateInvalid',
      price: 'validation.priceRange',
    },
  },
  {
    method: 'PUT',
    url: (id) => `/api/user/offer/${id}`,
    payload: { price: '1000.01' },
    errors: { price: 'validation.priceRange' },
  },
  {
    method: 'PUT',
    url: () => '/api/user/profile',
    payload: { firstname: 'J', lastname: 'Kowalski', permissions: 'nope' },
    errors: {
      firstname: 'validation.required',
      permissions: 'validation.fieldRequired',
    },
    lawyersOnly: true,
  },
  {
    method: 'PUT',
    url: () => '/api/user/profile/invoice',
    payload: {
      invoice_nip: '123',
      invoice_company: 'Kancelaria',
      invoice_street: 'Długa 1',
      invoice_postcode: '00-001',
      invoice_city: 'Kraków',
    },
    errors: { invoice_nip: 'validation.invoiceNipLength' },
    lawyersOnly: true,
  },
  {
    // Issue 32: posting on the substitution board.
    method: 'POST',
    url: () => '/api/board/requests',
    payload: { court_id: 'nowhere', mode: 'in_person', case_type: 'civil', task: 'Rozprawa.', professions: [], fee_net: '100.00', parties: [] },
    errors: {
      court_id: 'validation.courtUnknown',
      professions: 'validation.boardProfessionsRequired',
      parties: 'validation.boardPartiesRequired',
    },
  },
  {
    method: 'POST',
    url: () => '/api/me/delete',
    payload: { password: 5 },
    errors: { password: 'validation.invalid' },
  },
];

describe('a body validated on its route', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.url(0).replace('/0', '/{id}')}: 401 without a session, the field errors with one`, async () => {
      const session = await t.seed.session();
      const profile = await t.seed.profile({ userId: session.user.id });
      const offer = await t.seed.offer({ profileId: profile.id });
      const url = c.url(offer.id);
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: c.method, url, headers, payload: c.payload as object });

      const anonymous = await send(await csrfHeaders(t.app));
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'auth.unauthenticated', errors: {} });

      if (c.lawyersOnly) {
        const admin = await t.seed.session({ role: 'admin' });
        const refused = await send(admin.headers);
        expect(refused.statusCode, refused.body).toBe(403);
      }

      const invalid = await send({ ...session.headers, 'accept-language': 'en' });
      expect(invalid.statusCode, invalid.body).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'validation.failed', errors: c.errors });

      // Nothing was stored.
      expect(await t.db.select().from(offers).where(eq(offers.profileId, profile.id))).toEqual([offer]);
      const [after] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
      expect(after).toEqual(profile);
      expect(
        await t.db.select().from(providerInvoiceData).where(eq(providerInvoiceData.userId, session.user.id)),
      ).toEqual([]);
    });
  }

  it('PUT /api/user/offer/{id} refuses a body that is not an object, and keeps the offer', async () => {
    const session = await t.seed.session();
    const profile = await t.seed.profile({ userId: session.user.id });
    const offer = await t.seed.offer({ profileId: profile.id });
    for (const payload of [['Nowy tytuł'], 'Nowy tytuł', 7]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/user/offer/${offer.id}`,
        headers: { ...session.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation.failed');
    }
    expect(await t.db.select().from(offers).where(eq(offers.id, offer.id))).toEqual([offer]);
  });
});
