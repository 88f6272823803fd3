-- Indexes for the administrator's lists (GET /api/admin/profile, /api/admin/offer) and summary.
-- Written by hand (drizzle-kit generate --custom) because they are expression and operator-class
-- indexes on other features' tables; the schema files do not declare them, so later generated
-- migrations leave them alone. Search is a case-insensitive prefix match (LIKE 'abc%') served by
-- text_pattern_ops btrees: pg_trgm would allow infix search but PGlite only has it when the
-- extension is loaded at start (docs/decisions/admin-lists.md).
CREATE INDEX IF NOT EXISTS "profiles_created_idx" ON "profiles" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_updated_idx" ON "profiles" USING btree ("updated_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_status_id_idx" ON "profiles" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_fullname_sort_idx" ON "profiles" USING btree (("firstname" || ' ' || "lastname"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_fullname_search_idx" ON "profiles" USING btree (lower("firstname" || ' ' || "lastname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_lastname_search_idx" ON "profiles" USING btree (lower("lastname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_search_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_title_search_idx" ON "offers" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_title_sort_idx" ON "offers" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_net_id_idx" ON "offers" USING btree ("net_grosze", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_status_id_idx" ON "offers" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_expire_id_idx" ON "offers" USING btree ("expire_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_pay_date_idx" ON "payments" USING btree ("pay_date") WHERE "pay_date" IS NOT NULL;
