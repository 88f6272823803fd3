/**
 * The database schema, one file per area under schema/; drizzle-kit reads this barrel. Areas
 * import each other's tables from their files, never from here (no import cycle).
 */
export * from './schema/users.ts';
export * from './schema/contact.ts';
export * from './schema/auth.ts';
export * from './schema/profile.ts';
export * from './schema/payments.ts';
export * from './schema/offers.ts';
export * from './schema/offer-payments.ts';
export * from './schema/sandbox-provider.ts';
export * from './schema/rate-limit.ts';
export * from './schema/admin-summary.ts';
export * from './schema/my-data.ts';
export * from './schema/calendar.ts';
export * from './schema/disputes.ts';
export * from './schema/licence.ts';
export * from './schema/ksef.ts';
export * from './schema/invoices.ts';
export * from './schema/board.ts';
export * from './schema/alerts.ts';
export * from './schema/plans.ts';
