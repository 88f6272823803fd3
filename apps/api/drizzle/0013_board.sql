CREATE TABLE "board_conflict_checks" (
	"request_id" uuid NOT NULL,
	"substitute_profile_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_conflict_checks_request_id_substitute_profile_id_pk" PRIMARY KEY("request_id","substitute_profile_id")
);
--> statement-breakpoint
CREATE TABLE "board_favourites" (
	"poster_user_id" uuid NOT NULL,
	"substitute_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_favourites_poster_user_id_substitute_profile_id_pk" PRIMARY KEY("poster_user_id","substitute_profile_id")
);
--> statement-breakpoint
CREATE TABLE "board_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"substitute_profile_id" integer NOT NULL,
	"text" text NOT NULL,
	"job_month" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"response_id" uuid,
	"reporter_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poster_user_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"court_id" text NOT NULL,
	"division" text,
	"starts_at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"case_type" text NOT NULL,
	"task" text NOT NULL,
	"professions" text[] NOT NULL,
	"fee_net_grosze" integer,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"answer_deadline" timestamp with time zone NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"case_number" text,
	"parties" jsonb NOT NULL,
	"assigned_response_id" uuid,
	"assigned_at" timestamp with time zone,
	"pay_by" timestamp with time zone,
	"offer_id" integer,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_requests_state_valid" CHECK ("board_requests"."state" in ('open', 'assigned', 'paid', 'expired', 'cancelled', 'hidden')),
	CONSTRAINT "board_requests_fee_positive" CHECK ("board_requests"."fee_net_grosze" is null or "board_requests"."fee_net_grosze" > 0),
	CONSTRAINT "board_requests_auto_assign_fixed_fee" CHECK (not "board_requests"."auto_assign" or "board_requests"."fee_net_grosze" is not null),
	CONSTRAINT "board_requests_deadline_before_hearing" CHECK ("board_requests"."answer_deadline" <= "board_requests"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "board_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"substitute_profile_id" integer NOT NULL,
	"price_net_grosze" integer,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_responses_price_positive" CHECK ("board_responses"."price_net_grosze" is null or "board_responses"."price_net_grosze" > 0)
);
--> statement-breakpoint
ALTER TABLE "board_conflict_checks" ADD CONSTRAINT "board_conflict_checks_request_id_board_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."board_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_conflict_checks" ADD CONSTRAINT "board_conflict_checks_substitute_profile_id_profiles_id_fk" FOREIGN KEY ("substitute_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_favourites" ADD CONSTRAINT "board_favourites_poster_user_id_users_id_fk" FOREIGN KEY ("poster_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_favourites" ADD CONSTRAINT "board_favourites_substitute_profile_id_profiles_id_fk" FOREIGN KEY ("substitute_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_references" ADD CONSTRAINT "board_references_request_id_board_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."board_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_references" ADD CONSTRAINT "board_references_substitute_profile_id_profiles_id_fk" FOREIGN KEY ("substitute_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_request_id_board_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."board_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_response_id_board_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."board_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_requests" ADD CONSTRAINT "board_requests_poster_user_id_users_id_fk" FOREIGN KEY ("poster_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_requests" ADD CONSTRAINT "board_requests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_responses" ADD CONSTRAINT "board_responses_request_id_board_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."board_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_responses" ADD CONSTRAINT "board_responses_substitute_profile_id_profiles_id_fk" FOREIGN KEY ("substitute_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_favourites_substitute_idx" ON "board_favourites" USING btree ("substitute_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_references_request_unique" ON "board_references" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "board_references_substitute_idx" ON "board_references" USING btree ("substitute_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_reports_request_idx" ON "board_reports" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "board_requests_state_starts_idx" ON "board_requests" USING btree ("state","starts_at");--> statement-breakpoint
CREATE INDEX "board_requests_state_deadline_idx" ON "board_requests" USING btree ("state","answer_deadline");--> statement-breakpoint
CREATE INDEX "board_requests_poster_idx" ON "board_requests" USING btree ("poster_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "board_requests_offer_unique" ON "board_requests" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_responses_one_per_substitute" ON "board_responses" USING btree ("request_id","substitute_profile_id");--> statement-breakpoint
CREATE INDEX "board_responses_request_created_idx" ON "board_responses" USING btree ("request_id","created_at");