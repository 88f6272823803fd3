import { addDays, warsawDate, warsawDateTimeToIso } from '@substytut/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/helpers.ts';
import { payAsClient } from '../../../../test/invoice-helpers.ts';
import { mailOutbox, offers } from '../../../db/schema.ts';
import { sendRemoteLinkReminders } from './reminder.ts';

// Issue 34: courts send the link of a remote hearing days before it, so the link is optional when
// the offer is made, the lawyer adds it later, and is reminded the day before if it is missing.
const START = '2026-11-20T10:00:00.000Z';
let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const HEARING_DAY = '2026-11-26';
const remoteHearing = (link: string | null, day = HEARING_DAY) => ({
  court_id: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
  division: 'I Wydział Cywilny',
  case_number: 'I C 123/24',
  starts_at: warsawDateTimeToIso(day, '09:30'),
  mode: 'remote',
  remote_link: link,
  party: 'powód Jan Nowak',
});

let ip = 0;
async function remoteOffer(link: string | null = null, day = HEARING_DAY) {
  const session = await t.seed.session();
  const profile = await t.seed.profile({ userId: session.user.id });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/offer',
    headers: { ...session.headers, ...csrf },
    remoteAddress: `10.35.0.${++ip}`,
    payload: {
      title: 'Rozprawa zdalna w SR Mokotów',
      expireDate: addDays(warsawDate(t.clock.now()), 3),
      price: '100.00',
      hearing: remoteHearing(link, day),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const [offer] = await t.db.select().from(offers).where(eq(offers.profileId, profile.id));
  return { ...session, profile, offer: offer! };
}

const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

describe('the link of a remote hearing (issue 34)', () => {
  it('may be left out when the offer is made, and the mails say it comes later', async () => {
    const { offer, profile, user } = await remoteOffer(null);
    expect(offer).toMatchObject({ hearingMode: 'remote', remoteLink: null });
    await payAsClient(t, csrf, profile, offer.offerUrl, { email: 'platnik-zdalny@example.com' });
    const [lawyerMail] = await mailsTo(user.email);
    expect(lawyerMail?.text).toContain('Link do rozprawy zdalnej: jeszcze nie podany');
    const payerMail = (await mailsTo('platnik-zdalny@example.com')).find((m) =>
      m.subject.startsWith('Potwierdzenie płatności'),
    );
    expect(payerMail?.text).toContain('Link do rozprawy zdalnej: jeszcze nie podany');
  });

  it('is added later by the lawyer, also after payment', async () => {
    const { offer, profile, headers } = await remoteOffer(null);
    await payAsClient(t, csrf, profile, offer.offerUrl, { email: 'platnik-zdalny-2@example.com' });
    const link = 'https://teams.microsoft.com/l/meetup-join/19%3aabc';
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}`,
      headers: { ...headers, ...csrf },
      payload: { hearing: remoteHearing(link) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.remoteLink).toBe(link);
    const changed = (await mailsTo('platnik-zdalny-2@example.com')).find((m) =>
      m.subject.startsWith('Zmiana danych rozprawy'),
    );
    expect(changed?.text).toContain(`Link do rozprawy: ${link}`);
  });

  it('when still missing the day before a paid remote hearing, the lawyer is reminded once', async () => {
    const day = '2026-11-25';
    const missing = await remoteOffer(null, day);
    await payAsClient(t, csrf, missing.profile, missing.offer.offerUrl, { email: 'p-3@example.com' });
    const given = await remoteOffer('https://zoom.us/j/123456789', day);
    await payAsClient(t, csrf, given.profile, given.offer.offerUrl, { email: 'p-4@example.com' });
    const unpaid = await remoteOffer(null, day);
    const lawyerReminders = async (to: string) =>
      (await mailsTo(to)).filter((m) => m.subject.startsWith('Brakuje linku do rozprawy'));

    // Two days before: not yet.
    t.clock.set(warsawDateTimeToIso(addDays(day, -2), '12:00')!);
    expect(await sendRemoteLinkReminders(t.services.lifecycle)).toBe(0);
    // The day before, from 08:00 Warsaw time.
    t.clock.set(warsawDateTimeToIso(addDays(day, -1), '08:05')!);
    expect(await sendRemoteLinkReminders(t.services.lifecycle)).toBe(1);
    const [reminder, ...more] = await lawyerReminders(missing.user.email);
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe('Brakuje linku do rozprawy zdalnej — Rozprawa zdalna w SR Mokotów');
    expect(reminder?.text).toContain('Dodaj link w historii ofert');
    expect(await lawyerReminders(given.user.email)).toEqual([]);
    expect(await lawyerReminders(unpaid.user.email)).toEqual([]);
    // Once: a second pass sends nothing.
    expect(await sendRemoteLinkReminders(t.services.lifecycle)).toBe(0);
    expect(await lawyerReminders(missing.user.email)).toHaveLength(1);
  });
});
