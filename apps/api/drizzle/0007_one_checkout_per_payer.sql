CREATE TABLE "sandbox_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_valid";--> statement-breakpoint
DROP INDEX "payments_one_open_per_offer";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_unique" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_ref_idx" ON "sandbox_refunds" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("status") WHERE "payments"."status" in ('open', 'refunding');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('open', 'paid', 'expired', 'failed', 'refunding', 'refunded', 'disputed'));