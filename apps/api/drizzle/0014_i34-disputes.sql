ALTER TABLE "offers" ADD COLUMN "dispute_answer" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "dispute_answer_file_key" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "court_cancellation_fee_net_grosze" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_court_fee_range" CHECK ("offers"."court_cancellation_fee_net_grosze" is null or "offers"."court_cancellation_fee_net_grosze" between 1 and "offers"."net_grosze");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_dispute_answer_length" CHECK (length("offers"."dispute_answer") <= 2000);