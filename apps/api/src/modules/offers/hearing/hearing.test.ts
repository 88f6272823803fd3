import ICAL from 'ical.js';
import { addDays, findCourt, warsawDate, warsawDateTimeToIso } from '@substytut/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp, payThroughSandbox } from '../../../../test/helpers.ts';
import {
  calendarFeeds,
  mailOutbox,
  offers,
  type MailOutboxRow,
  type OfferRow,
  type ProfileRow,
} from '../../../db/schema.ts';
import { offerPayments } from '../../../db/schema/offer-payments.ts';
import { hearingFeed } from '../../calendar/index.ts';
import { reminderDueAt, sendHearingReminders } from './reminder.ts';

// Winter time in Warsaw; the hearings below straddle the change to summer time on 29 March 2026.
const START = '2026-03-20T10:00:00.000Z';
let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const COURT = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
const hearingInput = (overrides: Record<string, unknown> = {}) => ({
  court_id: COURT,
  division: 'I Wydział Cywilny',
  case_number: 'I C 123/24',
  starts_at: warsawDateTimeToIso('2026-03-30', '09:30'),
  mode: 'in_person',
  remote_link: null,
  party: 'powód Jan Nowak',
  ...overrides,
});

let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

async function lawyer() {
  const session = await t.seed.session();
  const profile = await t.seed.profile({ userId: session.user.id });
  return { ...session, profile };
}

function createOffer(headers: Record<string, string>, hearing: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/offer',
    headers,
    remoteAddress: nextIp(),
    payload: {
      title: 'Zastępstwo w SR Mokotów',
      expireDate: addDays(warsawDate(t.clock.now()), 3),
      price: '100.00',
      hearing,
    },
  });
}

const invoice = {
  nip: '7792364275',
  company: 'Kancelaria Nowak',
  street: 'Święty Marcin 29/8',
  postCode: '61-806',
  city: 'Poznań',
  email: 'klient-rozprawa@example.com',
  policyConfirm: true,
  invoice: true,
};

async function pay(profile: ProfileRow, offerUrl: string, extra: Record<string, unknown> = {}) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offerUrl}`,
    headers: csrf,
    remoteAddress: nextIp(),
    payload: { ...invoice, ...extra },
  });
  expect(started.statusCode, started.body).toBe(200);
  await payThroughSandbox(t.app, started.json().data.payLink as string);
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The single VEVENT of an .ics text, parsed back. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]!);
}

function invitationOf(mail: MailOutboxRow | undefined) {
  const attachment = mail?.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(attachment?.contentType).toContain('text/calendar');
  return attachment!.content;
}

describe('hearing details on an offer', () => {
  it('are stored with the offer; the public page and the admin list never show the case number or the party', async () => {
    const { headers, profile } = await lawyer();
    const created = await createOffer(headers, hearingInput({ case_number: ' xxv  C 1234 / 23 ' }));
    expect(created.statusCode, created.body).toBe(200);
    const { offer } = created.json().data;
    const court = findCourt(COURT)!;
    expect(offer.hearing).toEqual({
      court_id: COURT,
      court_name: court.name,
      court_city: 'Warszawa',
      division: 'I Wydział Cywilny',
      case_number: 'XXV C 1234/23',
      starts_at: '2026-03-30T07:30:00.000Z',
      mode: 'in_person',
      remote_link: null,
      party: 'powód Jan Nowak',
    });

    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/public/profile/${profile.seolink}?offerUrl=${offer.offerUrl}`,
    });
    expect(pub.json().data.offer.hearing).toMatchObject({
      court_name: court.name,
      case_number: null,
      party: null,
    });
    expect(pub.body).not.toContain('1234/23');
    expect(pub.body).not.toContain('Jan Nowak');

    const admin = await t.seed.session({ role: 'admin' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/offer', headers: admin.headers });
    const row = list.json().data.data.find((o: { offerId: number }) => o.offerId === offer.offerId);
    expect(row.hearing).toMatchObject({
      starts_at: '2026-03-30T07:30:00.000Z',
      case_number: null,
      party: null,
    });
  });

  it('are all optional', async () => {
    const { headers } = await lawyer();
    const created = await createOffer(headers, undefined);
    expect(created.statusCode).toBe(200);
    expect(created.json().data.offer.hearing).toBeNull();
  });

  it.each([
    [{ case_number: 'sprawa Kowalskiego' }, 'hearing.case_number', 'validation.caseNumberFormat'],
    [{ court_id: 'sad-na-ksiezycu' }, 'hearing.court_id', 'validation.courtUnknown'],
    [
      { mode: 'remote', remote_link: 'http://sad.example.pl/r/1' },
      'hearing.remote_link',
      'validation.remoteLinkHttps',
    ],
    [{ starts_at: '2026-03-19T10:00:00.000Z' }, 'hearing.starts_at', 'validation.hearingInPast'],
  ])('refuses %j with a field error and creates nothing', async (bad, path, key) => {
    const { headers, profile } = await lawyer();
    const response = await createOffer(headers, hearingInput(bad));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ [path]: key });
    expect(await t.db.select().from(offers).where(eq(offers.profileId, profile.id))).toHaveLength(0);
  });

  it('an edit of an unpaid offer replaces the hearing and raises the calendar SEQUENCE', async () => {
    const { headers } = await lawyer();
    const { offer } = (await createOffer(headers, hearingInput())).json().data;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.offerId}`,
      headers,
      payload: { hearing: hearingInput({ mode: 'remote', remote_link: 'https://sad.example.pl/r/9' }) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.hearing).toMatchObject({
      mode: 'remote',
      remote_link: 'https://sad.example.pl/r/9',
    });
    const [stored] = await t.db.select().from(offers).where(eq(offers.id, offer.offerId));
    expect(stored?.hearingSequence).toBe(1);
  });
});

describe('paying an offer with a hearing', () => {
  it("applies the client's step-2 correction, and both payment mails carry an .ics in Warsaw time", async () => {
    const { headers, profile, user } = await lawyer();
    // The lawyer gave the court and a winter date; the client adds the case number and moves the
    // hearing past the change to summer time.
    const { offer } = (
      await createOffer(headers, { court_id: COURT, starts_at: warsawDateTimeToIso('2026-03-27', '09:00') })
    ).json().data;
    const summer = warsawDateTimeToIso('2026-04-02', '09:00')!;
    await pay(profile, offer.offerUrl, {
      hearing: { case_number: 'II C 77/26', starts_at: summer, party: 'pozwana' },
    });

    const [stored] = await t.db.select().from(offers).where(eq(offers.id, offer.offerId));
    expect(stored).toMatchObject({
      status: 'payed',
      caseNumber: 'II C 77/26',
      party: 'pozwana',
      hearingSequence: 1,
    });
    expect(stored?.hearingAt?.toISOString()).toBe('2026-04-02T07:00:00.000Z');

    const [toClient] = await mailsTo(invoice.email).then((rows) =>
      rows.filter((m) => /płatności/.test(m.subject)),
    );
    const [toLawyer] = await mailsTo(user.email);
    for (const mail of [toClient, toLawyer]) {
      expect(mail?.text).toContain('II C 77/26');
      expect(mail?.text).toContain('02.04.2026, godz. 09:00');
      const event = eventOf(invitationOf(mail));
      expect(event.uid).toBe(`offer-${offer.offerId}-hearing@localhost`);
      expect(event.sequence).toBe(1);
      expect(event.startDate.zone?.tzid).toBe('Europe/Warsaw');
      expect(event.startDate.toString()).toBe('2026-04-02T09:00:00');
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-04-02T07:00:00.000Z');
      expect(event.location).toBe(findCourt(COURT)!.name);
      expect(event.description).toContain('Sygnatura akt: II C 77/26');
    }
  });

  it('a mail of an offer without a hearing time has no invitation', async () => {
    const { headers, profile, user } = await lawyer();
    const { offer } = (await createOffer(headers, { court_id: COURT })).json().data;
    await pay(profile, offer.offerUrl, { email: 'bez-terminu@example.com' });
    const [toLawyer] = await mailsTo(user.email);
    expect(toLawyer?.attachments).toBeNull();
  });
});

describe('changing a paid hearing', () => {
  it('only the hearing may change; the payer gets the updated invitation with a higher SEQUENCE', async () => {
    const { headers, profile } = await lawyer();
    const { offer } = (await createOffer(headers, hearingInput())).json().data;
    await pay(profile, offer.offerUrl, { email: 'zmiana@example.com' });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/user/offer/${offer.offerId}`, headers, payload });

    // The price or title of a paid offer stays as it was paid.
    expect((await put({ title: 'Inny tytuł', hearing: hearingInput() })).statusCode).toBe(409);
    const moved = warsawDateTimeToIso('2026-04-03', '11:00');
    const changed = await put({ hearing: hearingInput({ starts_at: moved }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.hearing.starts_at).toBe(moved);

    const [update] = (await mailsTo('zmiana@example.com')).filter((m) =>
      /Zmiana danych rozprawy/.test(m.subject),
    );
    expect(update?.text).toContain('03.04.2026, godz. 11:00');
    const event = eventOf(invitationOf(update));
    expect(event.uid).toBe(`offer-${offer.offerId}-hearing@localhost`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toString()).toBe('2026-04-03T11:00:00');

    // The same details again change nothing and send nothing.
    expect((await put({ hearing: hearingInput({ starts_at: moved }) })).statusCode).toBe(200);
    expect((await mailsTo('zmiana@example.com')).filter((m) => /Zmiana/.test(m.subject))).toHaveLength(1);
  });
});

describe('the private calendar feed', () => {
  it('lists the paid hearings in Warsaw time, on both sides of the DST change; a new address revokes the old', async () => {
    const { headers, profile } = await lawyer();
    const winter = (
      await createOffer(headers, hearingInput({ starts_at: warsawDateTimeToIso('2026-03-27', '14:15') }))
    ).json().data.offer;
    const summer = (
      await createOffer(headers, hearingInput({ starts_at: warsawDateTimeToIso('2026-03-31', '14:15') }))
    ).json().data.offer;
    const unpaid = (await createOffer(headers, hearingInput())).json().data.offer;
    await pay(profile, winter.offerUrl, { email: 'k1@example.com' });
    await pay(profile, summer.offerUrl, { email: 'k2@example.com' });

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/calendar-feed', headers })).json().data,
    ).toEqual({
      active: false,
      created_at: null,
    });
    const made = await t.app.inject({ method: 'POST', url: '/api/user/calendar-feed', headers });
    expect(made.statusCode).toBe(200);
    const { url } = made.json().data;
    const path = new URL(url as string).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.uid).sort()).toEqual(
      [winter.offerId, summer.offerId].map((id) => `offer-${id}-hearing@localhost`).sort(),
    );
    expect(events.map((e) => [e.startDate.toString(), e.startDate.toJSDate().toISOString()])).toEqual([
      ['2026-03-27T14:15:00', '2026-03-27T13:15:00.000Z'],
      ['2026-03-31T14:15:00', '2026-03-31T12:15:00.000Z'],
    ]);
    expect(feed.body).not.toContain(`offer-${unpaid.offerId}-`);

    const again = await t.app.inject({ method: 'POST', url: '/api/user/calendar-feed', headers });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(again.json().data.url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/user/calendar-feed', headers });
    expect(revoked.json().data.active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
  });

  it('answers 404 to a made-up address and 401 to its settings without a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(43)}.ics` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/x.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/calendar-feed' })).statusCode).toBe(401);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, 'x'))).toHaveLength(0);
  });
});

describe('the day-before reminder', () => {
  it('is due at 08:00 Warsaw time the day before, in winter and in summer', () => {
    expect(reminderDueAt(new Date('2026-03-27T08:00:00Z')).toISOString()).toBe('2026-03-26T07:00:00.000Z');
    expect(reminderDueAt(new Date('2026-04-02T07:00:00Z')).toISOString()).toBe('2026-04-01T06:00:00.000Z');
    // The day before a Monday after the change: Sunday 29 March is already summer time.
    expect(reminderDueAt(new Date('2026-03-30T07:30:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('goes to both sides once, never twice, and not before it is due', async () => {
    t.clock.set(START);
    const { headers, profile, user } = await lawyer();
    const { offer } = (
      await createOffer(headers, hearingInput({ starts_at: warsawDateTimeToIso('2026-03-24', '10:00') }))
    ).json().data;
    await pay(profile, offer.offerUrl, { email: 'przypomnienie@example.com' });
    const reminders = async () =>
      [...(await mailsTo(user.email)), ...(await mailsTo('przypomnienie@example.com'))].filter((m) =>
        /Przypomnienie/.test(m.subject),
      );

    t.clock.set('2026-03-23T06:59:00.000Z'); // 07:59 in Warsaw, the day before
    await sendHearingReminders(t.services.lifecycle);
    expect(await reminders()).toHaveLength(0);

    t.clock.set('2026-03-23T07:00:00.000Z');
    await Promise.all([
      sendHearingReminders(t.services.lifecycle),
      sendHearingReminders(t.services.lifecycle),
    ]);
    await sendHearingReminders(t.services.lifecycle);
    const sent = await reminders();
    expect(sent.map((m) => m.to).sort()).toEqual(['przypomnienie@example.com', user.email].sort());
    for (const mail of sent) {
      expect(mail.text).toContain('24.03.2026, godz. 10:00');
      expect(eventOf(invitationOf(mail)).startDate.toString()).toBe('2026-03-24T10:00:00');
    }
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.offerId));
    expect(payment?.status).toBe('paid');
    t.clock.set(START);
  });
});

describe('the .ics text', () => {
  const paidOffer = (overrides: Partial<OfferRow> = {}): OfferRow =>
    ({
      id: 4242,
      title: 'Zastępstwo',
      courtId: COURT,
      courtDivision: 'I Wydział Cywilny',
      caseNumber: 'I C 123/24',
      party: 'powód',
      hearingAt: new Date('2026-03-30T07:30:00.000Z'),
      hearingMode: 'remote',
      remoteLink: 'https://meet.example/abc',
      hearingSequence: 0,
      ...overrides,
    }) as OfferRow;
  const options = {
    locale: 'pl',
    publicUrl: 'https://substytut.example',
    confidential: true,
    path: '/x',
  } as const;

  it('stamps every event in UTC, with the Z', () => {
    const ics = hearingFeed([paidOffer()], options, new Date('2026-03-20T10:00:05.000Z'));
    expect(ics).toMatch(/^DTSTAMP:20260320T100005Z\r?$/m);
    const stamp = eventOf(ics).component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone?.tzid).toBe('UTC');
    expect(stamp.toJSDate().toISOString()).toBe('2026-03-20T10:00:05.000Z');
  });

  it('writes a remote link with a CR or LF in it as one line, adding no property', () => {
    const link = 'https://meet.example/abc\r\nATTENDEE:mailto:evil@example.com\r\nX-INJECTED:1';
    const ics = hearingFeed([paidOffer({ remoteLink: link })], options, new Date('2026-03-20T10:00:00.000Z'));
    expect(ics).not.toMatch(/^ATTENDEE/m);
    expect(ics).not.toMatch(/^X-INJECTED/m);
    const event = eventOf(ics);
    expect(event.component.getAllProperties('attendee')).toEqual([]);
    const url = String(event.component.getFirstPropertyValue('url'));
    expect(url).not.toMatch(/[\r\n]/);
    expect(url.startsWith('https://meet.example/abc')).toBe(true);
    expect(event.description).not.toMatch(/\r|\nATTENDEE/);
  });
});
