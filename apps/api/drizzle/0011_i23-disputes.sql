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
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_valid";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "hearing_reports" ADD CONSTRAINT "hearing_reports_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_refunds" ADD CONSTRAINT "offer_refunds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hearing_reports_offer_unique" ON "hearing_reports" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_refunds_offer_unique" ON "offer_refunds" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_refunds_pending_idx" ON "offer_refunds" USING btree ("id") WHERE "offer_refunds"."provider_refund_ref" is null;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_resolution_valid" CHECK ("offers"."resolution" is null or "offers"."resolution" in ('release', 'refund'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_valid" CHECK ("offers"."status" in ('active', 'paystart', 'payed', 'done', 'accepted', 'archive', 'expired', 'disputed', 'cancelled', 'refunded', 'resolved'));