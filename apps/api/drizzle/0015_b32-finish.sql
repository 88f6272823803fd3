ALTER TABLE "board_conflict_checks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: a conflict check recorded before the two steps was one call whose body stated
-- { no_conflict: true }, so its viewing was also its confirmation (decision 047).
UPDATE "board_conflict_checks" SET "confirmed_at" = "checked_at" WHERE "confirmed_at" IS NULL;
