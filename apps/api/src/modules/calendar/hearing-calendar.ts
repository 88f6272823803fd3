import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { HEARING_MODE_LABELS, TIME_ZONE, findCourt, type Locale } from '@substytut/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { MailAttachment, OfferRow } from '../../db/schema.ts';
import { webUrl } from '../mail/index.ts';

/**
 * Calendar events of hearings (issue 23), as .ics text: the invitation attached to the payment
 * mails and the lawyer's private feed. Times are written in Europe/Warsaw with its VTIMEZONE, so
 * a calendar anywhere shows the hour the court set. One offer is one event with a stable UID, and
 * SEQUENCE is the offer's hearing_sequence, raised on every change: importing a newer invitation
 * or refreshing the feed updates the event instead of adding a second one.
 */

/** A hearing has no end time in the court's notice; an hour is what calendars show by default. */
const HEARING_LENGTH_MS = 60 * 60 * 1000;

const texts = {
  pl: {
    summary: (title: string) => `Rozprawa: ${title}`,
    caseNumber: 'Sygnatura akt',
    party: 'Strona',
    division: 'Wydział',
    mode: 'Forma',
    link: 'Link do rozprawy',
    offer: 'Zlecenie w serwisie Substytut',
    feedName: 'Substytut: rozprawy',
  },
  en: {
    summary: (title: string) => `Hearing: ${title}`,
    caseNumber: 'Case number',
    party: 'Party',
    division: 'Division',
    mode: 'Form',
    link: 'Hearing link',
    offer: 'Order at Substytut',
    feedName: 'Substytut: hearings',
  },
} as const;

export interface HearingEventOptions {
  locale: Locale;
  publicUrl: string;
  /** the lawyer and the payer: the case number and the party are written into the event */
  confidential: boolean;
  /** the page the event links to (the lawyer's offer history; the lawyer's profile for the payer) */
  path: string;
}

/** The event's UID: the offer's, at the app's host, the same in every mail and feed. */
export function hearingUid(offerId: number, publicUrl: string): string {
  return `offer-${offerId}-hearing@${new URL(publicUrl).hostname}`;
}

type Calendar = ReturnType<typeof ical>;

/**
 * A link as one line of plain characters: a CR or LF (or any other control) typed or stored in it
 * would end the property and start one of the attacker's (RFC 5545 3.1), so it never gets there.
 */
const oneLine = (text: string) =>
  Array.from(text)
    .filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f')
    .join('');

/** An instant in UTC as RFC 5545 writes it: 20260320T100005Z. */
const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * ical-generator writes DTSTAMP in the calendar's time zone (and the server's local hours) without
 * the Z; RFC 5545 3.8.7.2 wants it in UTC. Every event of one text is stamped with the same instant.
 */
function calendarText(cal: Calendar, stamp: Date): string {
  return cal.toString().replace(/^DTSTAMP:[^\r\n]*/gm, `DTSTAMP:${utcStamp(stamp)}`);
}

function addHearingEvent(cal: Calendar, offer: OfferRow, options: HearingEventOptions, stamp: Date): void {
  if (!offer.hearingAt) return;
  const t = texts[options.locale];
  const court = offer.courtId ? findCourt(offer.courtId) : undefined;
  const remote = offer.hearingMode === 'remote';
  const remoteLink = remote && offer.remoteLink ? oneLine(offer.remoteLink) : null;
  const lines = [
    offer.courtDivision ? `${t.division}: ${offer.courtDivision}` : null,
    options.confidential && offer.caseNumber ? `${t.caseNumber}: ${offer.caseNumber}` : null,
    options.confidential && offer.party ? `${t.party}: ${offer.party}` : null,
    offer.hearingMode ? `${t.mode}: ${HEARING_MODE_LABELS[options.locale][offer.hearingMode]}` : null,
    remoteLink ? `${t.link}: ${remoteLink}` : null,
    `${t.offer}: ${webUrl(options.publicUrl, options.locale, options.path)}`,
  ].filter((line): line is string => line !== null);
  const start = new TZDate(offer.hearingAt.getTime(), TIME_ZONE);
  cal.createEvent({
    id: hearingUid(offer.id, options.publicUrl),
    sequence: offer.hearingSequence,
    stamp,
    start,
    end: new TZDate(start.getTime() + HEARING_LENGTH_MS, TIME_ZONE),
    timezone: TIME_ZONE,
    summary: t.summary(offer.title),
    location: court ? `${court.name}${offer.courtDivision ? `, ${offer.courtDivision}` : ''}` : null,
    url: remoteLink,
    description: lines.join('\n'),
  });
}

function newCalendar(locale: Locale, method: ICalCalendarMethod): Calendar {
  return ical({
    prodId: { company: 'Substytut', product: 'hearings', language: locale.toUpperCase() },
    name: texts[locale].feedName,
    method,
    timezone: { name: TIME_ZONE, generator: getVtimezoneComponent },
  });
}

/** The lawyer's feed: every given offer that has a hearing time. */
export function hearingFeed(offers: readonly OfferRow[], options: HearingEventOptions, now: Date): string {
  const cal = newCalendar(options.locale, ICalCalendarMethod.PUBLISH);
  for (const offer of offers) addHearingEvent(cal, offer, options, now);
  return calendarText(cal, now);
}

/** The .ics attached to a mail; null when the offer has no hearing time to put in a calendar. */
export function hearingInvitation(
  offer: OfferRow,
  options: HearingEventOptions,
  now: Date,
): MailAttachment | null {
  if (!offer.hearingAt) return null;
  const cal = newCalendar(options.locale, ICalCalendarMethod.PUBLISH);
  addHearingEvent(cal, offer, options, now);
  return {
    filename: options.locale === 'pl' ? 'rozprawa.ics' : 'hearing.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendarText(cal, now),
  };
}
