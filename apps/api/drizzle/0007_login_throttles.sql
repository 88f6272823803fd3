CREATE TABLE "login_throttles" (
	"user_id" uuid NOT NULL,
	"client_address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_user_id_client_address_pk" PRIMARY KEY("user_id","client_address")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttles" ADD CONSTRAINT "login_throttles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";