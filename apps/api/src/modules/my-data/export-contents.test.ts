import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { invoicingLawyer, payAsClient } from '../../../test/invoice-helpers.ts';
import { hearingReports, offers } from '../../db/schema.ts';
import { invoices } from '../../db/schema/invoices.ts';

// Issue 34 §4: the export holds everything the product keeps about the lawyer, its README says
// exactly that, and the deletion first offers the invoices as an archive.
let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const MINUTES = Buffer.from('%PDF-1.4 protokół');

/** A lawyer whose paid job the court cancelled: hearing, report with minutes, dispute, refund, two invoices. */
async function lawyerWithAJob() {
  const me = await invoicingLawyer(t);
  const hearingAt = new Date(t.clock.now().getTime() + 3 * 24 * 3_600_000);
  const offer = await t.seed.offer({
    profileId: me.profile.id,
    netGrosze: 10_000,
    courtId: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
    courtDivision: 'I Wydział Cywilny',
    caseNumber: 'I C 123/24',
    hearingAt,
    hearingMode: 'remote',
    remoteLink: 'https://zoom.us/j/123',
    party: 'powód Jan Nowak',
  });
  await payAsClient(t, csrf, me.profile, offer.offerUrl, { email: 'platnik-eksport@example.com' });
  t.clock.advance(4 * 24 * 3_600_000);
  const done = await t.app.inject({
    method: 'PUT',
    url: `/api/user/offer/${offer.id}/done`,
    headers: { ...me.headers, ...csrf },
    payload: { outcome: 'cancelled_by_court', notes: 'Choroba sędziego.' },
  });
  expect(done.statusCode, done.body).toBe(200);
  const minutesKey = `private/minutes/${offer.id}.pdf`;
  await t.app.storage.put(minutesKey, MINUTES, 'application/pdf');
  await t.db.update(hearingReports).set({ minutesKey }).where(eq(hearingReports.offerId, offer.id));
  await t.db
    .update(offers)
    .set({ disputedAt: t.clock.now(), disputeReason: 'Pełnomocnik się nie stawił.' })
    .where(eq(offers.id, offer.id));
  const rows = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
  expect(rows.map((r) => r.kind).sort()).toEqual(['KOR', 'ZAL']);
  return { ...me, offer, rows };
}

const zipOf = (payload: Buffer) => unzipSync(new Uint8Array(payload));

describe('the export of "Moje dane" (issue 34)', () => {
  it('holds the hearing, the report and its minutes, the dispute, the refund, the invoices (PDF and XML) and the substitution document', async () => {
    const me = await lawyerWithAJob();
    // A second job, paid and under way: its substitution document is in the export (a refunded
    // job has none any more).
    const paid = await t.seed.offer({ profileId: me.profile.id });
    await payAsClient(t, csrf, me.profile, paid.offerUrl, { email: 'platnik-eksport-2@example.com' });
    const paidInvoices = await t.db.select().from(invoices).where(eq(invoices.offerId, paid.id));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/me/data-export',
          headers: { ...me.headers, ...csrf },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.background.idle();
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/me/data-export/file',
      headers: me.headers,
    });
    expect(download.statusCode, download.body).toBe(200);
    const zip = zipOf(download.rawPayload);
    const names = Object.keys(zip);

    for (const row of [...me.rows, ...paidInvoices]) {
      const base = `invoices/${row.id}-${row.number.replaceAll('/', '-')}`;
      expect(strFromU8(zip[`${base}.xml`]!)).toBe(row.xml);
      expect(strFromU8(zip[`${base}.pdf`]!.slice(0, 5))).toBe('%PDF-');
    }
    expect(Buffer.from(zip[`files/minutes/${me.offer.id}.pdf`]!).equals(MINUTES)).toBe(true);
    const documents = names.filter((n) => n.startsWith('documents/'));
    expect(documents).toHaveLength(1);
    expect(strFromU8(zip[documents[0]!]!.slice(0, 5))).toBe('%PDF-');

    expect(documents[0]).toContain(String(paid.id));
    const [offer] = JSON.parse(strFromU8(zip['offers.json']!)) as Record<string, unknown>[];
    expect(offer).toMatchObject({
      hearing: {
        caseNumber: 'I C 123/24',
        division: 'I Wydział Cywilny',
        mode: 'remote',
        remoteLink: 'https://zoom.us/j/123',
        party: 'powód Jan Nowak',
      },
      report: {
        outcome: 'cancelled_by_court',
        notes: 'Choroba sędziego.',
        minutesFile: `files/minutes/${me.offer.id}.pdf`,
      },
      dispute: { reason: 'Pełnomocnik się nie stawił.' },
      refunds: [{ amountGrosze: 12_300, cause: 'court_cancelled' }],
    });
    // No storage key of the product's own leaks into the file.
    expect(strFromU8(zip['offers.json']!)).not.toContain('private/minutes');

    const readme = strFromU8(zip['README.txt']!);
    for (const entry of [
      'invoices/',
      'documents/',
      'raport z rozprawy',
      'hearing report',
      'spór',
      'dispute',
      'protokoły rozpraw',
    ]) {
      expect(readme).toContain(entry);
    }
    expect(readme).not.toMatch(/nie przechowuje .*raportów|no hearing reports/);
  });

  it('deleting the account first offers the invoice archive, and says where the copies for the tax office live', async () => {
    const me = await lawyerWithAJob();
    const check = await t.app.inject({ method: 'GET', url: '/api/me/deletion', headers: me.headers });
    expect(check.json().data).toMatchObject({ invoices: 2 });

    const archive = await t.app.inject({
      method: 'GET',
      url: '/api/me/invoice-archive',
      headers: me.headers,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-disposition']).toMatch(/^attachment; filename="substytut-faktury-/);
    const zip = zipOf(archive.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(
      [
        'README.txt',
        ...me.rows.flatMap((r) => {
          const base = `invoices/${r.id}-${r.number.replaceAll('/', '-')}`;
          return [`${base}.pdf`, `${base}.xml`];
        }),
      ].sort(),
    );
    const readme = strFromU8(zip['README.txt']!);
    expect(readme).toContain('serwis przechowuje kopie faktur i płatności dla urzędu skarbowego');
    expect(readme).toContain('5 lat');

    // Nobody else's, and not without a session.
    const other = await invoicingLawyer(t);
    const theirs = zipOf(
      (await t.app.inject({ method: 'GET', url: '/api/me/invoice-archive', headers: other.headers }))
        .rawPayload,
    );
    expect(Object.keys(theirs)).toEqual(['README.txt']);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/invoice-archive' })).statusCode).toBe(401);
  });
});
