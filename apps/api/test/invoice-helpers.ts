import { expect } from 'vitest';
import { providerInvoiceData, type ProfileRow } from '../src/db/schema.ts';
import { PAYER_COOKIE } from '../src/modules/offers/index.ts';
import { payThroughSandbox, type TestApp } from './helpers.ts';

/** The invoice tests' lawyers, payers and payments (modules/invoices). */

let nipSeed = 526_100_000;
/** A NIP of its own (valid checksum) for each lawyer, unless a test makes two share one. */
export function freshNip(): string {
  for (;;) {
    const body = String(++nipSeed);
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, w, i) => acc + w * Number(body[i]), 0) % 11;
    if (sum < 10) return `${body}${sum}`;
  }
}

/** A signed-in lawyer with a profile and, unless told otherwise, invoice data. */
export async function invoicingLawyer(t: TestApp, options: { invoiceData?: boolean; nip?: string } = {}) {
  const session = await t.seed.session();
  const profile = await t.seed.profile({ userId: session.user.id });
  if (options.invoiceData !== false) {
    await t.db.insert(providerInvoiceData).values({
      userId: session.user.id,
      nip: options.nip ?? freshNip(),
      company: `Kancelaria Adwokacka ${profile.lastname}`,
      street: 'ul. Żurawia 6/12',
      postcode: '00-503',
      city: 'Warszawa',
      bankAccount: 'PL61109010140000071219812874',
    });
  }
  return { ...session, profile };
}

export const payerInvoiceData = {
  nip: '7792364275',
  company: 'Kancelaria Klienta Nowak',
  street: 'Święty Marcin 29/8',
  postCode: '61-806',
  city: 'Poznań',
  email: 'klient-faktury@example.com',
  policyConfirm: true,
  invoice: true,
  phone: '000000000',
  firstname: 'firstname',
  lastname: 'lastname',
};

let ip = 0;

/** A client pays the offer through the sandbox checkout; returns the payer's cookie. */
export async function payAsClient(
  t: TestApp,
  csrf: Record<string, string>,
  profile: ProfileRow,
  offerUrl: string,
  overrides: Partial<typeof payerInvoiceData> & { locale?: 'pl' | 'en' } = {},
): Promise<string> {
  ip += 1;
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offerUrl}`,
    headers: csrf,
    payload: { ...payerInvoiceData, ...overrides },
    remoteAddress: `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = started.cookies.find((c) => c.name === PAYER_COOKIE)?.value ?? '';
  await payThroughSandbox(t.app, started.json().data.payLink);
  return cookie;
}
