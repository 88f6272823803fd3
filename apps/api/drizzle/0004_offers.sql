CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"net_grosze" integer NOT NULL,
	"gross_grosze" integer NOT NULL,
	"expire_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"offer_url" text NOT NULL,
	"card_key" text,
	"acceptance_token_hash" text,
	"paid_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_valid" CHECK ("offers"."status" in ('active', 'paystart', 'payed', 'done', 'accepted', 'archive', 'expired')),
	CONSTRAINT "offers_net_range" CHECK ("offers"."net_grosze" between 1 and 100000),
	CONSTRAINT "offers_gross_is_net_plus_vat" CHECK ("offers"."gross_grosze" = ("offers"."net_grosze" * 123 + 50) / 100),
	CONSTRAINT "offers_offer_url_length" CHECK (length("offers"."offer_url") >= 22)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_offer_url_unique" ON "offers" USING btree ("offer_url");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_acceptance_token_hash_unique" ON "offers" USING btree ("acceptance_token_hash");--> statement-breakpoint
CREATE INDEX "offers_profile_created_idx" ON "offers" USING btree ("profile_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_status_expire_idx" ON "offers" USING btree ("status","expire_date");--> statement-breakpoint
CREATE INDEX "offers_status_done_at_idx" ON "offers" USING btree ("status","done_at");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_updated_idx" ON "offers" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);