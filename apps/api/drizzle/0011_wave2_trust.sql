CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hearing_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hearing_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"next_hearing_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"minutes_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hearing_reports_outcome_valid" CHECK ("hearing_reports"."outcome" in ('held', 'adjourned', 'cancelled_by_court', 'not_held')),
	CONSTRAINT "hearing_reports_next_only_adjourned" CHECK (("hearing_reports"."outcome" = 'adjourned') = ("hearing_reports"."next_hearing_at" is not null)),
	CONSTRAINT "hearing_reports_notes_length" CHECK (length("hearing_reports"."notes") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "offer_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"amount_grosze" integer NOT NULL,
	"reason" text NOT NULL,
	"cause" text NOT NULL,
	"provider_refund_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "offer_refunds_amount_positive" CHECK ("offer_refunds"."amount_grosze" > 0),
	CONSTRAINT "offer_refunds_cause_valid" CHECK ("offer_refunds"."cause" in ('dispute', 'court_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "licence_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"asked_name" text NOT NULL,
	"asked_type" text NOT NULL,
	"asked_license_no" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"fetched_at" timestamp with time zone NOT NULL,
	"sha256" text,
	"parsed" jsonb,
	"outcome" text NOT NULL,
	"reason" text,
	"reviewer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_register_slots" (
	"register" text PRIMARY KEY NOT NULL,
	"next_request_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ksef_outbox" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"session_reference" text,
	"invoice_reference" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ksef_outbox_state_valid" CHECK ("ksef_outbox"."state" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"seller" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_seller_series_year_pk" PRIMARY KEY("seller","series","year"),
	CONSTRAINT "invoice_counters_next_positive" CHECK ("invoice_counters"."next_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'prepare' NOT NULL,
	"series" text DEFAULT 'FV' NOT NULL,
	"ksef_token_encrypted" text,
	"ksef_token_set_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_mode_valid" CHECK ("invoice_settings"."mode" in ('issue', 'prepare')),
	CONSTRAINT "invoice_settings_issue_needs_token" CHECK ("invoice_settings"."mode" = 'prepare' or "invoice_settings"."ksef_token_encrypted" is not null)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer,
	"offer_id" integer NOT NULL,
	"payment_id" integer,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"event_date" date NOT NULL,
	"corrected_invoice_id" integer,
	"refund_id" integer,
	"net_grosze" integer NOT NULL,
	"vat_grosze" integer NOT NULL,
	"gross_grosze" integer NOT NULL,
	"xml" text NOT NULL,
	"sha256" text NOT NULL,
	"mode" text NOT NULL,
	"ksef_status" text NOT NULL,
	"ksef_number" text,
	"ksef_error" text,
	"upo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('ZAL', 'ROZ', 'KOR', 'VAT')),
	CONSTRAINT "invoices_mode_valid" CHECK ("invoices"."mode" in ('issue', 'prepare')),
	CONSTRAINT "invoices_ksef_status_valid" CHECK ("invoices"."ksef_status" in ('prepared', 'queued', 'sent', 'accepted', 'rejected')),
	CONSTRAINT "invoices_gross_is_net_plus_vat" CHECK ("invoices"."gross_grosze" = "invoices"."net_grosze" + "invoices"."vat_grosze"),
	CONSTRAINT "invoices_seq_positive" CHECK ("invoices"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_valid";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_state" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_method" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_certificate_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_certificate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_division" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "case_number" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_mode" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "remote_link" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "party" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hearing" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "grantor" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "document_token_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hearing_reports" ADD CONSTRAINT "hearing_reports_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_refunds" ADD CONSTRAINT "offer_refunds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ksef_outbox" ADD CONSTRAINT "ksef_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_per_user" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hearing_reports_offer_unique" ON "hearing_reports" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_refunds_offer_unique" ON "offer_refunds" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_refunds_pending_idx" ON "offer_refunds" USING btree ("id") WHERE "offer_refunds"."provider_refund_ref" is null;--> statement-breakpoint
CREATE INDEX "licence_checks_profile_idx" ON "licence_checks" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "licence_checks_cache_idx" ON "licence_checks" USING btree ("source","asked_license_no","fetched_at");--> statement-breakpoint
CREATE INDEX "ksef_outbox_due_idx" ON "ksef_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_unique" ON "invoices" USING btree ("profile_id","number") WHERE "invoices"."profile_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_platform_number_unique" ON "invoices" USING btree ("number") WHERE "invoices"."profile_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_offer_kind_unique" ON "invoices" USING btree ("offer_id","kind") WHERE "invoices"."kind" in ('ZAL', 'ROZ', 'VAT');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_unique" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_profile_created_idx" ON "invoices" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_offer_idx" ON "invoices" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "profiles_licence_state_idx" ON "profiles" USING btree ("licence_state","licence_checked_at");--> statement-breakpoint
CREATE INDEX "offers_hearing_reminder_idx" ON "offers" USING btree ("hearing_at") WHERE "offers"."hearing_reminder_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_document_token_hash_unique" ON "payments" USING btree ("document_token_hash");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_licence_state_valid" CHECK ("profiles"."licence_state" in ('unverified', 'pending', 'verified', 'rejected', 'manual_review'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_resolution_valid" CHECK ("offers"."resolution" is null or "offers"."resolution" in ('release', 'refund'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_hearing_mode_valid" CHECK ("offers"."hearing_mode" in ('in_person', 'remote'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_valid" CHECK ("offers"."status" in ('active', 'paystart', 'payed', 'done', 'accepted', 'archive', 'expired', 'disputed', 'cancelled', 'refunded', 'resolved'));--> statement-breakpoint
-- Hand-written (issue 22): a profile that already has an entry number is queued for its first
-- register check, which the clock job then makes (at the register's pace).
UPDATE "profiles" SET "licence_state" = 'pending' WHERE "license_no" <> '';
