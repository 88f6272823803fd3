ALTER TABLE "payments" ADD COLUMN "grantor" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "document_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_document_token_hash_unique" ON "payments" USING btree ("document_token_hash");