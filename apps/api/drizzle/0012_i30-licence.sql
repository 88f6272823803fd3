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
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_licence_state_valid";--> statement-breakpoint
ALTER TABLE "licence_codes" ADD CONSTRAINT "licence_codes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_licence_state_valid" CHECK ("profiles"."licence_state" in ('unverified', 'pending', 'code_sent', 'verified', 'rejected', 'manual_review'));