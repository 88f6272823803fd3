CREATE TABLE "rate_limit_counters" (
	"route" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_route_key_pk" PRIMARY KEY("route","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_end_idx" ON "rate_limit_counters" USING btree ("window_end");