import { randomBytes } from 'node:crypto';
import { feeBasisPointsOf, withheldFee } from '@substytut/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  lawyer,
  makeSend,
  payCheckout,
  samplePdf,
  startPayment,
  type Lawyer,
  type Send,
} from '../../../../test/quality/world.ts';
import { offerPayments, payouts } from '../../../db/schema/offer-payments.ts';
import { sandboxRefunds, sandboxTransfers } from '../../../db/schema/sandbox-provider.ts';
import { hearingReports, offerRefunds } from '../../../db/schema/disputes.ts';
import { mailOutbox, offers } from '../../../db/schema.ts';
import { runClockJob } from '../money/clock.ts';

/** Every lawyer here is on Basic (issue 34 §3): its fee is withheld from each payout. */
const BASIC_FEE = feeBasisPointsOf('basic');
let t: TestApp;
let send: Send;
let admin: { headers: Record<string, string>; user: { email: string } };

beforeAll(async () => {
  t = await createTestApp();
  send = await makeSend(t);
  admin = await t.seed.session({
    role: 'admin',
    email: `admin-${randomBytes(4).toString('hex')}@example.com`,
  });
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

/** A multipart body of text fields and an optional file, as the report dialog's FormData sends it. */
function form(
  fields: Record<string, string>,
  file?: { field: string; bytes: Buffer; filename: string; type: string },
) {
  const boundary = `----substytut${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const offerRow = async (id: number) => (await t.db.select().from(offers).where(eq(offers.id, id)))[0];
const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

/** A lawyer's offer paid by a client through the sandbox checkout. */
async function paidOffer(
  title = 'Rozprawa w SR Kraków',
  hearingStartsAt: Date | null = null,
  extra: Record<string, unknown> = {},
) {
  const owner = await lawyer(t);
  const created = await send({
    method: 'POST',
    url: '/api/user/offer',
    headers: owner.headers,
    payload: {
      title,
      expireDate: new Date(t.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10),
      price: '100.00',
      ...(hearingStartsAt ? { hearing: { starts_at: hearingStartsAt.toISOString() } } : {}),
      ...extra,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const offerId = created.json().data.offer.offerId as number;
  const offer = await offerRow(offerId);
  const payer = `klient-${randomBytes(4).toString('hex')}@example.com`;
  await payCheckout(send, await startPayment(send, owner.seolink, offer!.offerUrl, payer));
  expect((await offerRow(offerId))?.status).toBe('payed');
  return { owner, offerId, payer };
}

function markDone(owner: Lawyer, offerId: number, body?: ReturnType<typeof form> | Record<string, unknown>) {
  if (body && 'payload' in body && Buffer.isBuffer(body.payload)) {
    return send({
      method: 'PUT',
      url: `/api/user/offer/${offerId}/done`,
      headers: { ...owner.headers, ...(body.headers as Record<string, string>) },
      payload: body.payload,
    });
  }
  return send({
    method: 'PUT',
    url: `/api/user/offer/${offerId}/done`,
    headers: owner.headers,
    payload: body,
  });
}

/** The acceptance token from the 'done' mail of the payer. */
async function tokenOf(payer: string): Promise<string> {
  const mails = await mailsTo(payer);
  const link = mails.map((m) => /\/offer\/accept\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).find(Boolean);
  if (!link) throw new Error('no acceptance link');
  return link;
}

async function doneOffer() {
  const paid = await paidOffer();
  const response = await markDone(paid.owner, paid.offerId, {
    outcome: 'held',
    notes: 'Sąd wysłuchał stron.',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...paid, token: await tokenOf(paid.payer) };
}

const dispute = (token: string, reason = 'Pełnomocnik nie stawił się na rozprawie.') =>
  send({ method: 'POST', url: '/api/public/offer/dispute', payload: { token, reason } });

async function disputedOffer() {
  const done = await doneOffer();
  const response = await dispute(done.token);
  expect(response.statusCode, response.body).toBe(200);
  return done;
}

const resolve = (offerId: number, body: Record<string, unknown>, headers = admin.headers) =>
  send({ method: 'POST', url: `/api/admin/disputes/${offerId}`, headers, payload: body });

describe('the hearing report marks the job done', () => {
  it('is required: without one the offer stays paid and nobody is mailed', async () => {
    const { owner, offerId, payer } = await paidOffer();
    const before = await mailsTo(payer);
    for (const body of [undefined, {}, { notes: 'bez wyniku' }, form({ notes: 'x' })]) {
      const response = await markDone(owner, offerId, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('offers.report_required');
    }
    expect((await offerRow(offerId))?.status).toBe('payed');
    expect(await mailsTo(payer)).toHaveLength(before.length);
  });

  it('refuses a bad report field by field and keeps the offer unchanged', async () => {
    const { owner, offerId } = await paidOffer();
    const cases: [Record<string, unknown>, string][] = [
      [{ outcome: 'won' }, 'outcome'],
      [{ outcome: 'held', notes: 'a'.repeat(2001) }, 'notes'],
      [{ outcome: 'adjourned' }, 'next_hearing_at'],
      [{ outcome: 'adjourned', next_hearing_at: '2020-01-01T10:00' }, 'next_hearing_at'],
    ];
    for (const [body, field] of cases) {
      const response = await markDone(owner, offerId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    const notPdf = await markDone(
      owner,
      offerId,
      form(
        { outcome: 'held' },
        { field: 'minutes', bytes: Buffer.from('not a pdf'), filename: 'p.pdf', type: 'application/pdf' },
      ),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().code).toBe('files.wrong_format');
    expect((await offerRow(offerId))?.status).toBe('payed');
    expect(await t.db.select().from(hearingReports).where(eq(hearingReports.offerId, offerId))).toEqual([]);
  });

  it('held with minutes: done, the report in the client’s mail, the minutes only for the lawyer, the payer and the admin', async () => {
    const { owner, offerId, payer } = await paidOffer('Rozprawa w SO Gdańsk');
    const response = await markDone(
      owner,
      offerId,
      form(
        { outcome: 'held', notes: 'Sąd przesłuchał świadka; wyrok 12 maja.' },
        { field: 'minutes', bytes: samplePdf, filename: 'protokol.pdf', type: 'application/pdf' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const dto = response.json().data;
    expect(dto.status).toBe('done');
    expect(dto.report).toMatchObject({
      outcome: 'held',
      notes: 'Sąd przesłuchał świadka; wyrok 12 maja.',
      has_minutes: true,
    });
    const mail = (await mailsTo(payer)).find((m) => m.text.includes('/offer/accept/'));
    expect(mail?.text).toContain('Raport z rozprawy: Rozprawa odbyła się.');
    expect(mail?.text).toContain('Sąd przesłuchał świadka; wyrok 12 maja.');
    const token = await tokenOf(payer);

    const own = await send({
      method: 'GET',
      url: `/api/user/offer/${offerId}/report/minutes`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(samplePdf)).toBe(true);
    const stranger = await lawyer(t);
    expect(
      (
        await send({
          method: 'GET',
          url: `/api/user/offer/${offerId}/report/minutes`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await send({ method: 'GET', url: `/api/public/offer/minutes?t=${token}` })).statusCode).toBe(200);
    expect(
      (await send({ method: 'GET', url: `/api/public/offer/minutes?t=${'x'.repeat(43)}` })).statusCode,
    ).toBe(404);
    expect(
      (await send({ method: 'GET', url: `/api/admin/disputes/${offerId}/minutes`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);

    const page = await send({ method: 'POST', url: '/api/public/offer/page', payload: { token } });
    expect(page.json().data).toMatchObject({
      status: 'done',
      report: { outcome: 'held', has_minutes: true },
      settlement: null,
    });
  });

  it('adjourned carries the next hearing, in Warsaw time', async () => {
    const { owner, offerId } = await paidOffer();
    const next = new Date(t.clock.now().getTime() + 30 * DAY);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Warsaw',
      dateStyle: 'short',
      timeStyle: 'short',
    })
      .format(next)
      .replace(' ', 'T');
    const response = await markDone(owner, offerId, { outcome: 'adjourned', next_hearing_at: wall });
    expect(response.statusCode, response.body).toBe(200);
    const [report] = await t.db.select().from(hearingReports).where(eq(hearingReports.offerId, offerId));
    expect(Math.abs((report?.nextHearingAt?.getTime() ?? 0) - next.getTime())).toBeLessThan(60_000);
  });

  it('cancelled by the court: the whole payment goes back through the sandbox, both sides told', async () => {
    const { owner, offerId, payer } = await paidOffer('Rozprawa odwołana');
    const response = await markDone(owner, offerId, {
      outcome: 'cancelled_by_court',
      notes: 'Choroba sędziego.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const offer = await offerRow(offerId);
    // The sandbox's charge.refunded moved the offer on at once.
    expect(offer?.status).toBe('refunded');
    expect(offer?.acceptanceTokenHash).toBeNull();
    const [refund] = await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId));
    expect(refund).toMatchObject({ amountGrosze: 12_300, cause: 'court_cancelled' });
    expect(refund?.providerRefundRef).toMatch(/^re_sandbox_/);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
    expect(payment?.status).toBe('refunded');
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, payment!.paymentRef!)),
    ).toMatchObject([{ amount: 12_300 }]);
    expect((await mailsTo(payer)).map((m) => m.subject)).toContain(
      'Rozprawa odwołana: zwracamy płatność za zlecenie Rozprawa odwołana',
    );
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toContain(
      'Rozprawa odwołana: zlecenie Rozprawa odwołana',
    );
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toEqual([]);
    // A second report changes nothing.
    expect((await markDone(owner, offerId, { outcome: 'held' })).statusCode).toBe(409);
    expect(await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId))).toHaveLength(1);
  });
});

describe('the client disputes', () => {
  it('only with the acceptance link, and with a reason', async () => {
    const { offerId, token } = await doneOffer();
    expect((await dispute('x'.repeat(43))).statusCode).toBe(404);
    const short = await dispute(token, 'zle');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.reason).toBe('validation.reasonTooShort');
    expect((await offerRow(offerId))?.status).toBe('done');
  });

  it('freezes the payout, tells the lawyer and the administrator; a repeated click changes nothing', async () => {
    const { owner, offerId, token } = await doneOffer();
    const responses = await Promise.all([dispute(token), dispute(token)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses[0]!.json().data).toMatchObject({
      status: 'disputed',
      settlement: { dispute_reason: 'Pełnomocnik nie stawił się na rozprawie.', resolution: null },
    });
    const offer = await offerRow(offerId);
    expect(offer?.status).toBe('disputed');
    expect(offer?.disputedAt).not.toBeNull();
    const lawyerMails = (await mailsTo(owner.user.email)).filter((m) =>
      m.subject.startsWith('Klient zakwestionował'),
    );
    expect(lawyerMails).toHaveLength(1);
    expect(lawyerMails[0]?.text).toContain('Pełnomocnik nie stawił się na rozprawie.');
    const [adminUser] = await t.db.query.users.findMany({ where: (u, { eq: e }) => e(u.role, 'admin') });
    const adminMails = (await mailsTo(adminUser!.email)).filter((m) =>
      m.subject.includes('Rozprawa w SR Kraków'),
    );
    expect(adminMails.length).toBeGreaterThanOrEqual(1);
    // Confirming after disputing does not release anything.
    expect(
      (await send({ method: 'POST', url: '/api/public/offer/accept', payload: { token } })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toEqual([]);
  });

  it('the clock never releases a disputed offer, however long it waits', async () => {
    const { offerId } = await disputedOffer();
    t.clock.advance(60 * DAY);
    try {
      await runClockJob(t.services.lifecycle);
      expect((await offerRow(offerId))?.status).toBe('disputed');
      expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toEqual([]);
    } finally {
      t.clock.advance(-60 * DAY);
    }
  });

  it('is refused once the acceptance window closed', async () => {
    const { offerId, token } = await doneOffer();
    t.clock.advance(30 * DAY);
    try {
      const response = await dispute(token);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('offers.acceptance_closed');
      expect((await offerRow(offerId))?.status).toBe('done');
    } finally {
      t.clock.advance(-30 * DAY);
    }
  });
});

describe('the administrator resolves', () => {
  const reason = 'Raport potwierdza stawiennictwo, ale bez wniosków dowodowych.';

  it('only an administrator; a lawyer or a visitor is refused and nothing changes', async () => {
    const { owner, offerId } = await disputedOffer();
    expect((await resolve(offerId, { decision: 'release', reason }, owner.headers)).statusCode).toBe(403);
    expect((await resolve(offerId, { decision: 'release', reason }, {})).statusCode).toBe(401);
    expect((await offerRow(offerId))?.status).toBe('disputed');
  });

  it('never refunds more than was paid, nor a fraction of a grosz, nor without a reason', async () => {
    const { offerId } = await disputedOffer();
    for (const body of [
      { decision: 'refund', amount_grosze: 12_301, reason },
      { decision: 'refund', amount_grosze: 0, reason },
      { decision: 'refund', amount_grosze: 10.5, reason },
      { decision: 'refund', amount_grosze: 100, reason: '' },
    ]) {
      const response = await resolve(offerId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await resolve(offerId, { decision: 'refund', amount_grosze: 12_301, reason })).json().code).toBe(
      'offers.refund_too_large',
    );
    expect((await offerRow(offerId))?.status).toBe('disputed');
    expect(await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId))).toEqual([]);
  });

  it('refund of half: the client gets half back, the lawyer the rest less the fee; both told', async () => {
    const { owner, offerId, payer, token } = await disputedOffer();
    const responses = await Promise.all([
      resolve(offerId, { decision: 'refund', amount_grosze: 6150, reason }),
      resolve(offerId, { decision: 'refund', amount_grosze: 6150, reason }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const offer = await offerRow(offerId);
    expect(offer).toMatchObject({ status: 'resolved', resolution: 'refund', resolutionReason: reason });
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
    expect(payment?.status).toBe('paid');
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, payment!.paymentRef!)),
    ).toMatchObject([{ amount: 6150 }]);
    // The lawyer is on Basic (issue 34 §3): 5 % of the 61,50 zł kept is 3,075 zł, rounded to 3,08 zł.
    const { amount, fee } = withheldFee(6150, BASIC_FEE);
    expect({ amount, fee }).toEqual({ amount: 5842, fee: 308 });
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    expect(payout).toMatchObject({ amount, fee, status: 'sent' });
    expect(
      await t.db
        .select()
        .from(sandboxTransfers)
        .where(
          and(
            eq(sandboxTransfers.accountId, owner.accountId),
            eq(sandboxTransfers.transferGroup, `offer-${offerId}`),
          ),
        ),
    ).toMatchObject([{ amount }]);
    for (const to of [payer, owner.user.email]) {
      const mail = (await mailsTo(to)).find((m) => m.subject.startsWith('Spór rozstrzygnięty'));
      expect(mail?.text).toContain('61,50');
      expect(mail?.text).toContain(reason);
      // "po potrąceniu prowizji serwisu" names the fee and the payout.
      expect(mail?.text?.replace(/\u00a0/g, ' ')).toContain('po potrąceniu prowizji serwisu (3,08 zł): 58,42 zł');
    }
    const page = await send({ method: 'POST', url: '/api/public/offer/page', payload: { token } });
    expect(page.json().data).toMatchObject({
      status: 'resolved',
      settlement: { resolution: 'refund', refund_grosze: 6150, paid_grosze: 12_300, refund_sent: true },
    });
    const lawyerView = await send({
      method: 'GET',
      url: `/api/user/offer/${offerId}`,
      headers: owner.headers,
    });
    expect(lawyerView.json().data.settlement).toMatchObject({ resolution: 'refund', refund_grosze: 6150 });
    // Resolving again changes nothing.
    expect((await resolve(offerId, { decision: 'release', reason })).statusCode).toBe(409);
    expect(await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId))).toHaveLength(1);
  });

  it('release: the whole payout goes to the lawyer, no refund', async () => {
    const { offerId } = await disputedOffer();
    const response = await resolve(offerId, { decision: 'release', reason });
    expect(response.statusCode, response.body).toBe(200);
    const { amount } = withheldFee(12_300, BASIC_FEE);
    expect(amount).toBe(11_685);
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toMatchObject([
      { amount, status: 'sent' },
    ]);
    expect(await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId))).toEqual([]);
  });

  it('a full refund: nothing is paid out and the payment is refunded', async () => {
    const { offerId } = await disputedOffer();
    expect((await resolve(offerId, { decision: 'refund', amount_grosze: 12_300, reason })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toEqual([]);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
    expect(payment?.status).toBe('refunded');
  });

  it('lists open disputes with the report, the reason and the amounts', async () => {
    const { offerId } = await disputedOffer();
    const response = await send({ method: 'GET', url: '/api/admin/disputes', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const item = response.json().data.items.find((i: { offer_id: number }) => i.offer_id === offerId);
    expect(item).toMatchObject({
      status: 'disputed',
      paid_grosze: 12_300,
      report: { outcome: 'held', notes: 'Sąd wysłuchał stron.' },
      settlement: { dispute_reason: 'Pełnomocnik nie stawił się na rozprawie.' },
    });
  });
});

const answer = (
  owner: Lawyer,
  offerId: number,
  text: string,
  file?: { bytes: Buffer; filename?: string; type?: string },
) => {
  const body = form(
    { text },
    file
      ? {
          field: 'file',
          bytes: file.bytes,
          filename: file.filename ?? 'odpowiedz.pdf',
          type: file.type ?? 'application/pdf',
        }
      : undefined,
  );
  return send({
    method: 'POST',
    url: `/api/user/offer/${offerId}/dispute/answer`,
    headers: { ...owner.headers, ...body.headers },
    payload: body.payload,
  });
};

const adminDispute = async (offerId: number) => {
  const response = await send({ method: 'GET', url: '/api/admin/disputes', headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.json().data.items.find((i: { offer_id: number }) => i.offer_id === offerId);
};

// Issue 34 §2 (decision 044): a dispute both sides argue, a decision the administrator takes
// knowing the report, the minutes and both contacts.
describe('both sides argue a dispute', () => {
  const statement = 'Stawiłem się na rozprawie o czasie; protokół w załączniku to potwierdza.';

  it('the lawyer answers once, with a file under the minutes rules; the client and the administrators are told', async () => {
    const { owner, offerId, payer, token } = await disputedOffer();
    const other = await lawyer(t);
    expect((await answer(other, offerId, statement)).statusCode).toBe(404);
    const short = await answer(owner, offerId, 'za mało');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.text).toBe('validation.reasonTooShort');
    const notPdf = await answer(owner, offerId, statement, { bytes: Buffer.from('not a pdf') });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().code).toBe('files.wrong_format');
    expect((await offerRow(offerId))?.disputeAnswer).toBeNull();

    const response = await answer(owner, offerId, statement, { bytes: samplePdf });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.settlement).toMatchObject({
      dispute_reason: 'Pełnomocnik nie stawił się na rozprawie.',
      lawyer_answer: statement,
      lawyer_answer_has_file: true,
    });
    // One round: a second answer changes nothing.
    const again = await answer(owner, offerId, 'Jeszcze jedno zdanie do sprawy.');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('offers.dispute_answered');
    expect((await offerRow(offerId))?.disputeAnswer).toBe(statement);

    const toClient = (await mailsTo(payer)).find((m) => m.subject.startsWith('Pełnomocnik odpowiedział'));
    expect(toClient?.text).toContain(statement);
    const adminMail = (await mailsTo(admin.user.email)).find(
      (m) => m.subject.startsWith('Odpowiedź pełnomocnika') && m.text.includes(statement),
    );
    expect(adminMail?.text).toContain('/admin');

    // The client reads it on the confirmation page, with the file.
    const page = await send({ method: 'POST', url: '/api/public/offer/page', payload: { token } });
    expect(page.json().data.settlement).toMatchObject({
      lawyer_answer: statement,
      lawyer_answer_has_file: true,
    });
    const files = [
      { url: `/api/user/offer/${offerId}/dispute/answer/file`, headers: owner.headers, status: 200 },
      { url: `/api/user/offer/${offerId}/dispute/answer/file`, headers: other.headers, status: 404 },
      { url: `/api/admin/disputes/${offerId}/answer-file`, headers: admin.headers, status: 200 },
      { url: `/api/admin/disputes/${offerId}/answer-file`, headers: owner.headers, status: 403 },
      { url: `/api/public/offer/dispute/answer-file?t=${token}`, headers: {}, status: 200 },
      { url: `/api/public/offer/dispute/answer-file?t=${'x'.repeat(43)}`, headers: {}, status: 404 },
    ];
    for (const file of files) {
      const got = await send({ method: 'GET', url: file.url, headers: file.headers });
      expect(got.statusCode, file.url).toBe(file.status);
      if (file.status === 200) {
        expect(got.headers['content-type']).toBe('application/pdf');
        expect(got.rawPayload.equals(samplePdf)).toBe(true);
      }
    }
  });

  it('only while the dispute is open: not before, not after the decision', async () => {
    const { owner, offerId } = await doneOffer();
    expect((await answer(owner, offerId, statement)).statusCode).toBe(409);
    const disputed = await disputedOffer();
    const decided = await resolve(disputed.offerId, {
      decision: 'release',
      reason: 'Raport potwierdza stawiennictwo pełnomocnika.',
    });
    expect(decided.statusCode).toBe(200);
    expect((await answer(disputed.owner, disputed.offerId, statement)).statusCode).toBe(409);
  });

  it('an answer without a file, in the client’s language', async () => {
    const { owner, offerId } = await paidOffer();
    await t.db.update(offerPayments).set({ locale: 'en' }).where(eq(offerPayments.offerId, offerId));
    const done = await markDone(owner, offerId, { outcome: 'held' });
    expect(done.statusCode).toBe(200);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
    expect((await dispute(await tokenOf(payment!.email))).statusCode).toBe(200);
    const response = await answer(owner, offerId, statement);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.settlement.lawyer_answer_has_file).toBe(false);
    const mail = (await mailsTo(payment!.email)).find((m) => m.subject.startsWith('The lawyer answered'));
    expect(mail?.text).toContain(statement);
  });

  it('the “job done” mail gives the deadline as its last minute, and one instruction', async () => {
    const { payer } = await doneOffer();
    const mail = (await mailsTo(payer)).find((m) => m.text.includes('/offer/accept/'));
    expect(mail?.text).toMatch(/zgłosić zastrzeżenia do \d{1,2} \S+ \d{4}, 23:59\./);
    expect(mail?.text).not.toContain('Masz zastrzeżenia do wykonania usługi? Napisz do nas');
  });

  it('the lawyer’s dispute mail invites the answer; the administrator’s points to the panel for the minutes', async () => {
    const { owner, offerId, payer } = await paidOffer('Sprawa z protokołem');
    const done = await markDone(
      owner,
      offerId,
      form(
        { outcome: 'held', notes: 'Wyrok ogłoszony.' },
        { field: 'minutes', bytes: samplePdf, filename: 'protokol.pdf', type: 'application/pdf' },
      ),
    );
    expect(done.statusCode).toBe(200);
    expect((await dispute(await tokenOf(payer))).statusCode).toBe(200);
    const toLawyer = (await mailsTo(owner.user.email)).find((m) =>
      m.subject.startsWith('Klient zakwestionował'),
    );
    expect(toLawyer?.text).toContain('Odpowiedz na zastrzeżenia');
    expect(toLawyer?.text).toContain('/dashboard/offers');
    const toAdmin = (await mailsTo(admin.user.email)).find((m) => m.subject.includes('Sprawa z protokołem'));
    expect(toAdmin?.text).not.toContain('stronie potwierdzenia');
    expect(toAdmin?.text).toContain('w panelu administratora');
  });

  it('the administrator sees the report, the minutes, both statements, both contacts and the fee', async () => {
    const { owner, offerId, payer } = await disputedOffer();
    await answer(owner, offerId, statement, { bytes: samplePdf });
    const item = await adminDispute(offerId);
    expect(item).toMatchObject({
      lawyer_email: owner.user.email,
      client_email: payer,
      // The fee of the lawyer's plan when the client paid: Basic's 5 %.
      platform_fee_percent: 5,
      report: { outcome: 'held' },
      settlement: {
        dispute_reason: 'Pełnomocnik nie stawił się na rozprawie.',
        lawyer_answer: statement,
        lawyer_answer_has_file: true,
      },
    });
    expect(item).toHaveProperty('lawyer_phone');
    expect(item).toHaveProperty('client_phone');
    expect(item.client_name).toBeTypeOf('string');
  });
});

describe('the court-cancellation fee', () => {
  it('an offer may state it, up to its net price; the client sees it before paying', async () => {
    const owner = await lawyer(t);
    const base = {
      title: 'Rozprawa z opłatą',
      expireDate: new Date(t.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10),
      price: '100.00',
    };
    const above = await send({
      method: 'POST',
      url: '/api/user/offer',
      headers: owner.headers,
      payload: { ...base, court_cancellation_fee: '100.01' },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.court_cancellation_fee).toBe('validation.courtFeeAbovePrice');
    const created = await send({
      method: 'POST',
      url: '/api/user/offer',
      headers: owner.headers,
      payload: { ...base, court_cancellation_fee: '30' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const dto = created.json().data.offer;
    expect(dto.court_cancellation_fee).toBe('30.00');
    const page = await send({
      method: 'GET',
      url: `/api/public/profile/${owner.seolink}?offerUrl=${dto.offerUrl}`,
    });
    expect(page.json().data.offer.court_cancellation_fee).toBe('30.00');
    // A price lowered below the fee is refused, the fee kept.
    const lowered = await send({
      method: 'PUT',
      url: `/api/user/offer/${dto.offerId}`,
      headers: owner.headers,
      payload: { price: '20.00' },
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().errors.court_cancellation_fee).toBe('validation.courtFeeAbovePrice');
  });

  it('cancelled by the court: the lawyer keeps the fee after the platform fee, the client gets the rest back', async () => {
    const { owner, offerId, payer } = await paidOffer('Odwołana z opłatą', null, {
      court_cancellation_fee: '30.00',
    });
    const response = await markDone(owner, offerId, {
      outcome: 'cancelled_by_court',
      notes: 'Sędzia chory.',
    });
    expect(response.statusCode, response.body).toBe(200);
    // 30 zł net = 36,90 zł kept; 123 zł − 36,90 zł = 86,10 zł back.
    const [refund] = await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId));
    expect(refund).toMatchObject({ amountGrosze: 8_610, cause: 'court_cancelled' });
    expect(refund?.providerRefundRef).toMatch(/^re_sandbox_/);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, payment!.paymentRef!)),
    ).toMatchObject([{ amount: 8_610 }]);
    // 5 % of the 36,90 zł kept is 1,845 zł, rounded half up to 1,85 zł.
    const { amount, fee } = withheldFee(3_690, BASIC_FEE);
    expect({ amount, fee }).toEqual({ amount: 3505, fee: 185 });
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toMatchObject([
      { amount, fee, status: 'sent' },
    ]);
    // The provider's partial refund ends the offer as a full one does.
    expect((await offerRow(offerId))?.status).toBe('refunded');
    const toClient = (await mailsTo(payer)).find((m) => m.subject.startsWith('Rozprawa odwołana'));
    expect(toClient?.text).toContain('86,10');
    expect(toClient?.text).toContain('36,90');
    const toLawyer = (await mailsTo(owner.user.email)).find((m) => m.subject.startsWith('Rozprawa odwołana'));
    expect(toLawyer?.text).toContain('36,90');
    expect(toLawyer?.text).not.toContain('nie będzie wypłaty');
  });

  it('a fee equal to the price: nothing to refund, the whole payment paid out, the offer settled', async () => {
    const { owner, offerId } = await paidOffer('Odwołana, pełna opłata', null, {
      court_cancellation_fee: '100.00',
    });
    const response = await markDone(owner, offerId, { outcome: 'cancelled_by_court' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offerId))).toEqual([]);
    const { amount } = withheldFee(12_300, BASIC_FEE);
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offerId))).toMatchObject([
      { amount, status: 'sent' },
    ]);
    expect((await offerRow(offerId))?.status).toBe('refunded');
  });
});

// Issue 30, finding 3: a report filed 20 days before the hearing paid the lawyer before it. Last in
// the file: it moves the clock.
describe('a hearing report waits for the hearing', () => {
  it('20 days before the hearing: refused in both languages, and nothing changes', async () => {
    const hearingAt = new Date(t.clock.now().getTime() + 20 * DAY);
    const { owner, offerId, payer } = await paidOffer('Rozprawa w SR Kraków', hearingAt);
    const mailsBefore = (await mailsTo(payer)).length;
    for (const [outcome, language, text] of [
      ['held', 'pl', /po rozpoczęciu rozprawy/],
      ['not_held', 'en', /once the hearing has started/],
      ['adjourned', 'pl', /po rozpoczęciu rozprawy/],
    ] as const) {
      const response = await markDone(
        { ...owner, headers: { ...owner.headers, 'accept-language': language } as Lawyer['headers'] },
        offerId,
        outcome === 'adjourned'
          ? { outcome, next_hearing_at: '2099-01-01T10:00', notes: 'Za wcześnie' }
          : { outcome, notes: 'Za wcześnie' },
      );
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'offers.report_before_hearing' });
      expect(response.json().message).toMatch(text);
    }
    expect((await offerRow(offerId))?.status).toBe('payed');
    expect(await t.db.select().from(hearingReports).where(eq(hearingReports.offerId, offerId))).toEqual([]);
    expect(await mailsTo(payer)).toHaveLength(mailsBefore);

    // A minute before the start: still refused.
    t.clock.set(new Date(hearingAt.getTime() - 60_000));
    const early = await markDone(owner, offerId, { outcome: 'held' });
    expect(early.statusCode, early.body).toBe(409);
    expect((await offerRow(offerId))?.status).toBe('payed');
  });

  it('at the hearing’s start: accepted', async () => {
    const hearingAt = new Date(t.clock.now().getTime() + 10 * DAY);
    const { owner, offerId } = await paidOffer('Rozprawa w SR Kraków', hearingAt);
    t.clock.set(hearingAt);
    const response = await markDone(owner, offerId, { outcome: 'held', notes: 'Odbyła się' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await offerRow(offerId))?.status).toBe('done');
    expect(await t.db.select().from(hearingReports).where(eq(hearingReports.offerId, offerId))).toHaveLength(
      1,
    );
  });

  it('after the hearing’s start: accepted', async () => {
    const hearingAt = new Date(t.clock.now().getTime() + 5 * DAY);
    const { owner, offerId } = await paidOffer('Rozprawa w SR Kraków', hearingAt);
    t.clock.set(new Date(hearingAt.getTime() + 2 * 60 * 60 * 1000));
    const response = await markDone(owner, offerId, { outcome: 'held' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await offerRow(offerId))?.status).toBe('done');
  });

  it('an offer without a hearing date keeps today’s behaviour: a report at once', async () => {
    const { owner, offerId } = await paidOffer();
    const response = await markDone(owner, offerId, { outcome: 'held' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await offerRow(offerId))?.status).toBe('done');
  });
});
