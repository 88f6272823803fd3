CREATE TABLE "alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"court_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"area_court_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"case_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_fee_net_grosze" integer,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"digest_sent_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_quiet_both" CHECK (("alert_settings"."quiet_from" is null) = ("alert_settings"."quiet_to" is null))
);
--> statement-breakpoint
CREATE TABLE "board_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"wave" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_alerts_channel_valid" CHECK ("board_alerts"."channel" in ('email', 'push')),
	CONSTRAINT "board_alerts_status_valid" CHECK ("board_alerts"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "training_start" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "remote_link_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_answer" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_answer_file_key" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_cancellation_fee_net_grosze" integer;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "number_pattern" text DEFAULT 'FV/{nr}/{rok}' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payer_token_hash" text;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_alerts" ADD CONSTRAINT "board_alerts_request_id_board_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."board_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_alerts" ADD CONSTRAINT "board_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_settings_court_ids_idx" ON "alert_settings" USING gin ("court_ids");--> statement-breakpoint
CREATE INDEX "alert_settings_area_court_ids_idx" ON "alert_settings" USING gin ("area_court_ids");--> statement-breakpoint
CREATE INDEX "alert_settings_cities_idx" ON "alert_settings" USING gin ("cities");--> statement-breakpoint
CREATE INDEX "alert_settings_digest_idx" ON "alert_settings" USING btree ("digest_sent_on") WHERE "alert_settings"."digest";--> statement-breakpoint
CREATE UNIQUE INDEX "board_alerts_once" ON "board_alerts" USING btree ("request_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "board_alerts_due_idx" ON "board_alerts" USING btree ("next_attempt_at") WHERE "board_alerts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payer_token_hash_unique" ON "invoices" USING btree ("payer_token_hash");--> statement-breakpoint
-- hand-written: issue 34 / decision 045. A series of before ('FV', which printed 'FV/7/2026') becomes
-- the numbering pattern that prints the same numbers ('FV/{nr}/{rok}'), and the lawyers' counters
-- and invoices are keyed by that pattern, so every series goes on where it stopped. The operator's
-- own counter ('platform', series 'SUB') is not a lawyer's pattern and stays as it is.
UPDATE "invoice_settings" SET "number_pattern" = "series" || '/{nr}/{rok}';--> statement-breakpoint
UPDATE "invoice_counters" SET "series" = "series" || '/{nr}/{rok}'
  WHERE "seller" <> 'platform' AND position('{nr}' in "series") = 0;--> statement-breakpoint
UPDATE "invoices" SET "series" = "series" || '/{nr}/{rok}'
  WHERE "profile_id" IS NOT NULL AND position('{nr}' in "series") = 0;--> statement-breakpoint
-- end of hand-written
ALTER TABLE "invoice_settings" DROP COLUMN "series";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_training_start_format" CHECK ("profiles"."training_start" is null or "profiles"."training_start" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_court_fee_range" CHECK ("offers"."court_cancellation_fee_net_grosze" is null or "offers"."court_cancellation_fee_net_grosze" between 1 and "offers"."net_grosze");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_dispute_answer_length" CHECK (length("offers"."dispute_answer") <= 2000);--> statement-breakpoint
-- hand-written: an account deleted while its tax records are kept (users.deleted_at set, the row
-- stays: decision 029) keeps no alert settings, push subscriptions or queued alerts.
CREATE FUNCTION "alerts_forget_deleted_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "alert_settings" WHERE "user_id" = NEW."id";
  DELETE FROM "push_subscriptions" WHERE "user_id" = NEW."id";
  DELETE FROM "board_alerts" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_deleted_forget_alerts" AFTER UPDATE OF "deleted_at" ON "users"
  FOR EACH ROW WHEN (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL)
  EXECUTE FUNCTION "alerts_forget_deleted_account"();
