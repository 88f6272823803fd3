CREATE TABLE "ksef_outbox" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"session_reference" text,
	"invoice_reference" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ksef_outbox_state_valid" CHECK ("ksef_outbox"."state" in ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "ksef_outbox" ADD CONSTRAINT "ksef_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ksef_outbox_due_idx" ON "ksef_outbox" USING btree ("state","next_attempt_at");