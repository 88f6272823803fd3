import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LICENCE_METHODS, LICENCE_STATES } from '@substytut/shared';
import { users } from './users.ts';

/**
 * A lawyer's business card (spec 3), one per account. Text fields the lawyer has not filled yet
 * are '' so a draft row (made by a first photo upload or a payment-account connection before the
 * first save) needs no nullable columns. The e-mail is the account's and is not copied here.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    /** a professional type id */
    permissions: text('permissions').notNull().default(''),
    licenseNo: text('license_no').notNull().default(''),
    /** specialization ids joined by ', ' (spec 3) */
    specialization: text('specialization').notNull().default(''),
    /** an institution id */
    institution: text('institution').notNull().default(''),
    description: text('description').notNull().default(''),
    /** storage keys; random names the server chose */
    imageKey: text('image_key'),
    cvKey: text('cv_key'),
    cardKey: text('card_key'),
    linkedinUrl: text('linkedin_url'),
    facebookUrl: text('facebook_url'),
    seolink: text('seolink'),
    status: text('status', { enum: ['inactive', 'active'] })
      .notNull()
      .default('inactive'),
    // Set the first time the profile goes public; from then on the seolink no longer follows
    // name changes, so links already shared keep working.
    firstActiveAt: timestamp('first_active_at', { withTimezone: true }),
    /** issue 22: the verification of the entry number (packages/shared/src/licence.ts) */
    licenceState: text('licence_state', { enum: LICENCE_STATES }).notNull().default('unverified'),
    licenceVerifiedAt: timestamp('licence_verified_at', { withTimezone: true }),
    licenceMethod: text('licence_method', { enum: LICENCE_METHODS }),
    /** when the register was last asked (or a person decided) */
    licenceCheckedAt: timestamp('licence_checked_at', { withTimezone: true }),
    /** the administrator's reason for a rejection, shown to the lawyer */
    licenceReason: text('licence_reason'),
    licenceCertificateKey: text('licence_certificate_key'),
    licenceCertificateAt: timestamp('licence_certificate_at', { withTimezone: true }),
    /**
     * Issue 32: a trainee's training start, 'YYYY-MM' (month and year only); null for every other
     * profession. The board's trainee rule (art. 77 Prawo o adwokaturze, art. 35 ustawy o radcach
     * prawnych) counts from it.
     */
    trainingStart: text('training_start'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_user_id_unique').on(t.userId),
    uniqueIndex('profiles_seolink_unique').on(t.seolink),
    check('profiles_status_valid', sql`${t.status} in ('inactive', 'active')`),
    check(
      'profiles_licence_state_valid',
      sql`${t.licenceState} in ('unverified', 'pending', 'code_sent', 'verified', 'rejected', 'manual_review')`,
    ),
    index('profiles_licence_state_idx').on(t.licenceState, t.licenceCheckedAt),
    check('profiles_training_start_format', sql`${t.trainingStart} is null or ${t.trainingStart} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

export const profileJobs = pgTable(
  'profile_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** order in the form, from 0 */
    position: integer('position').notNull(),
    positionName: text('position_name').notNull(),
    employerName: text('employer_name').notNull(),
    monthStart: text('month_start').notNull(),
    yearStart: text('year_start').notNull(),
    monthEnd: text('month_end').notNull().default(''),
    yearEnd: text('year_end').notNull().default(''),
    stillWorking: boolean('still_working').notNull().default(false),
  },
  (t) => [uniqueIndex('profile_jobs_profile_position_unique').on(t.profileId, t.position)],
);

export const profileReferences = pgTable(
  'profile_references',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('profile_references_profile_position_unique').on(t.profileId, t.position)],
);

/** The lawyer's own invoice data (spec 3, "Invoice data (provider side)"). */
export const providerInvoiceData = pgTable(
  'provider_invoice_data',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nip: text('nip').notNull(),
    company: text('company').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    /** 'PL' + 26 digits, or null */
    bankAccount: text('bank_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_invoice_data_nip_idx').on(t.nip)],
);

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileJobRow = typeof profileJobs.$inferSelect;
export type ProfileReferenceRow = typeof profileReferences.$inferSelect;
export type ProviderInvoiceDataRow = typeof providerInvoiceData.$inferSelect;
