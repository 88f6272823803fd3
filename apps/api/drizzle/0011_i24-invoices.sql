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
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_unique" ON "invoices" USING btree ("profile_id","number") WHERE "invoices"."profile_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_platform_number_unique" ON "invoices" USING btree ("number") WHERE "invoices"."profile_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_offer_kind_unique" ON "invoices" USING btree ("offer_id","kind") WHERE "invoices"."kind" in ('ZAL', 'ROZ', 'VAT');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_unique" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_profile_created_idx" ON "invoices" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_offer_idx" ON "invoices" USING btree ("offer_id");