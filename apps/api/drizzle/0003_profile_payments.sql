CREATE TABLE "profile_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"position_name" text NOT NULL,
	"employer_name" text NOT NULL,
	"month_start" text NOT NULL,
	"year_start" text NOT NULL,
	"month_end" text DEFAULT '' NOT NULL,
	"year_end" text DEFAULT '' NOT NULL,
	"still_working" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"author" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text,
	"permissions" text DEFAULT '' NOT NULL,
	"license_no" text DEFAULT '' NOT NULL,
	"specialization" text DEFAULT '' NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_key" text,
	"cv_key" text,
	"card_key" text,
	"linkedin_url" text,
	"facebook_url" text,
	"seolink" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"first_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_status_valid" CHECK ("profiles"."status" in ('inactive', 'active'))
);
--> statement-breakpoint
CREATE TABLE "provider_invoice_data" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nip" text NOT NULL,
	"company" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"bank_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider_valid" CHECK ("payment_accounts"."provider" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "processed_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_links_purpose_valid" CHECK ("sandbox_payment_links"."purpose" in ('onboarding', 'dashboard'))
);
--> statement-breakpoint
ALTER TABLE "profile_jobs" ADD CONSTRAINT "profile_jobs_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_references" ADD CONSTRAINT "profile_references_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_invoice_data" ADD CONSTRAINT "provider_invoice_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_links" ADD CONSTRAINT "sandbox_payment_links_account_id_payment_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_jobs_profile_position_unique" ON "profile_jobs" USING btree ("profile_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_references_profile_position_unique" ON "profile_references" USING btree ("profile_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_unique" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_seolink_unique" ON "profiles" USING btree ("seolink");--> statement-breakpoint
CREATE INDEX "provider_invoice_data_nip_idx" ON "provider_invoice_data" USING btree ("nip");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_user_id_unique" ON "payment_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processed_events_provider_event_unique" ON "processed_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_links_account_idx" ON "sandbox_payment_links" USING btree ("account_id");