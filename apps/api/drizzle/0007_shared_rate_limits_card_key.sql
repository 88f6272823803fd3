CREATE TABLE "rate_limit_counters" (
	"route" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_route_key_pk" PRIMARY KEY("route","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_end_idx" ON "rate_limit_counters" USING btree ("window_end");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_card_key_unique" ON "offers" USING btree ("card_key");--> statement-breakpoint
-- Offers whose card was never stored (the process stopped while creating them) get an address; the
-- card is made on its first request. Hand-written: keep it when regenerating this migration.
UPDATE "offers" SET "card_key" = 'cards/' || md5(random()::text || "id"::text) || '.png' WHERE "card_key" IS NULL;
