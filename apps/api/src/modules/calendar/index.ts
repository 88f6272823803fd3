/**
 * The calendar feature's face: the lawyer's private .ics feed (its routes and their deps) and the
 * one way a hearing becomes a calendar event, which the offer lifecycle attaches to its mails.
 */
export { calendarRoutes } from './calendar.routes.ts';
export type { CalendarDeps } from './calendar.feeds.ts';
export { hearingFeed, hearingInvitation, type HearingEventOptions } from './hearing-calendar.ts';
