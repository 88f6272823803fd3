CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"pay_link" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"price" integer NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"post_code" text NOT NULL,
	"invoice" boolean DEFAULT true NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"nip" text,
	"locale" text DEFAULT 'pl' NOT NULL,
	"payment_ref" text,
	"expires_at" timestamp with time zone NOT NULL,
	"pay_date" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('open', 'paid', 'expired', 'failed', 'refunded', 'disputed')),
	CONSTRAINT "payments_price_positive" CHECK ("payments"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('pending', 'sent')),
	CONSTRAINT "payouts_amount_valid" CHECK ("payouts"."amount" >= 0 and "payouts"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"title" text NOT NULL,
	"payee" text NOT NULL,
	"customer_email" text NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_ref" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sandbox_checkouts_status_valid" CHECK ("sandbox_checkouts"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"transfer_group" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_account_id_payment_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_external_unique" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_offer" ON "payments" USING btree ("offer_id") WHERE "payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payments_offer_idx" ON "payments" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "payments_payment_ref_idx" ON "payments" USING btree ("payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_offer_unique" ON "payouts" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_idempotency_unique" ON "sandbox_checkouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_checkouts_status_expires_idx" ON "sandbox_checkouts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_unique" ON "sandbox_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_account_idx" ON "sandbox_transfers" USING btree ("account_id","created_at");