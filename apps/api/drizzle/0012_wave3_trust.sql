CREATE TABLE "licence_codes" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"sent_to" text NOT NULL,
	"license_no" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"platform" boolean DEFAULT false NOT NULL,
	"payment_id" integer,
	"refund_id" integer DEFAULT 0 NOT NULL,
	"fee_grosze" integer,
	"reason" text NOT NULL,
	"details" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_failures_kind_valid" CHECK ("invoice_failures"."kind" in ('ZAL', 'ROZ', 'KOR', 'VAT'))
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_licence_state_valid";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_error_code" integer;--> statement-breakpoint
ALTER TABLE "licence_codes" ADD CONSTRAINT "licence_codes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_failures" ADD CONSTRAINT "invoice_failures_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_failures_event_unique" ON "invoice_failures" USING btree ("offer_id","kind","platform","refund_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_licence_state_valid" CHECK ("profiles"."licence_state" in ('unverified', 'pending', 'code_sent', 'verified', 'rejected', 'manual_review'));--> statement-breakpoint
-- hand-written: the lawyers' invoice counters move from the account ('profile:<id>') to the seller NIP ('nip:<NIP>', issue 30): each NIP's series continues after the highest number any of its accounts used.
INSERT INTO "invoice_counters" ("seller", "series", "year", "next_number")
SELECT 'nip:' || "nip", "series", "year", max("seq") + 1
FROM (
  SELECT substring("xml" from '<Podmiot1>.*?<NIP>([0-9]+)</NIP>') AS "nip", "series",
    extract(year from "issue_date")::integer AS "year", "seq"
  FROM "invoices" WHERE "profile_id" IS NOT NULL
) AS "issued"
WHERE "nip" IS NOT NULL
GROUP BY "nip", "series", "year"
ON CONFLICT ("seller", "series", "year")
DO UPDATE SET "next_number" = greatest("invoice_counters"."next_number", excluded."next_number");
--> statement-breakpoint
-- hand-written: the old per-account counters are no longer read.
DELETE FROM "invoice_counters" WHERE "seller" LIKE 'profile:%';
--> statement-breakpoint
-- hand-written: an invoice recorded as accepted under an earlier invoice's KSeF number was KSeF's duplicate refusal (440), not an acceptance: it shows as refused, and a retry gives it a new number.
UPDATE "invoices" AS "later"
SET "ksef_status" = 'rejected', "ksef_error_code" = 440,
  "ksef_error" = '440 Duplikat faktury: numer KSeF ' || "later"."ksef_number" || ' należy do innej faktury o tym samym numerze',
  "ksef_number" = NULL, "upo_key" = NULL
WHERE "later"."ksef_number" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "invoices" AS "earlier"
    WHERE "earlier"."ksef_number" = "later"."ksef_number" AND "earlier"."id" < "later"."id"
  );
--> statement-breakpoint
-- hand-written: a register match alone no longer proves who holds the account (issue 30, decision 026): licences verified by the register before the code existed are checked again at once; the match then sends the code to the register's contact, and the badge waits for it.
UPDATE "profiles" SET "licence_state" = 'pending'
WHERE "licence_state" = 'verified' AND "licence_method" = 'register'
  AND NOT EXISTS (
    SELECT 1 FROM "licence_checks" WHERE "licence_checks"."profile_id" = "profiles"."id" AND "licence_checks"."source" = 'code'
  );
