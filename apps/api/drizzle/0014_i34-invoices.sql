ALTER TABLE "offers" ADD COLUMN "remote_link_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "number_pattern" text DEFAULT 'FV/{nr}/{rok}' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payer_token_hash" text;--> statement-breakpoint
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
ALTER TABLE "invoice_settings" DROP COLUMN "series";
