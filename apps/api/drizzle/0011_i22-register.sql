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
ALTER TABLE "profiles" ADD COLUMN "licence_state" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_method" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_certificate_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "licence_certificate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_checks_profile_idx" ON "licence_checks" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "licence_checks_cache_idx" ON "licence_checks" USING btree ("source","asked_license_no","fetched_at");--> statement-breakpoint
CREATE INDEX "profiles_licence_state_idx" ON "profiles" USING btree ("licence_state","licence_checked_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_licence_state_valid" CHECK ("profiles"."licence_state" in ('unverified', 'pending', 'verified', 'rejected', 'manual_review'));--> statement-breakpoint
-- Hand-written (issue 22), keep when regenerating: a profile that already has an entry number is
-- queued for its first register check, which the clock job then makes (at the register's pace).
UPDATE "profiles" SET "licence_state" = 'pending' WHERE "license_no" <> '';
