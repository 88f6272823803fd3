CREATE TABLE "plan_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'pro' NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"end_reason" text,
	"state_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_status_valid" CHECK ("plan_subscriptions"."status" in ('active', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"customer_email" text NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"renewal_fails" boolean DEFAULT false NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_subscriptions_status_valid" CHECK ("sandbox_subscriptions"."status" in ('open', 'active', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_basis_points" integer;--> statement-breakpoint
ALTER TABLE "board_conflict_checks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_provider_id_unique" ON "plan_subscriptions" USING btree ("provider","subscription_id");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due_idx" ON "sandbox_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_basis_points_valid" CHECK ("payments"."fee_basis_points" is null or "payments"."fee_basis_points" between 0 and 10000);--> statement-breakpoint
-- hand-written: a conflict check recorded before the two steps was one call whose body stated
-- { no_conflict: true }, so its viewing was also its confirmation (decision 047).
UPDATE "board_conflict_checks" SET "confirmed_at" = "checked_at" WHERE "confirmed_at" IS NULL;
