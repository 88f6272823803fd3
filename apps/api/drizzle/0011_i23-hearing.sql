CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_division" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "case_number" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_mode" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "remote_link" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "party" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "hearing_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hearing" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_per_user" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offers_hearing_reminder_idx" ON "offers" USING btree ("hearing_at") WHERE "offers"."hearing_reminder_at" is null;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_hearing_mode_valid" CHECK ("offers"."hearing_mode" in ('in_person', 'remote'));