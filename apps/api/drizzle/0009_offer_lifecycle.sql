CREATE TABLE "paid_volume_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"gross_grosze" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_counts" (
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "status_counts_entity_status_pk" PRIMARY KEY("entity","status")
);
--> statement-breakpoint
-- ===== Hand-written (keep when regenerating this migration): the admin summary's triggers =====
-- status_counts and paid_volume_daily are changed by the same statement that changes offers,
-- profiles or payments, so they commit or roll back with it. Statement-level triggers with
-- transition tables: one upsert per statement whatever the number of rows (a bulk insert of a
-- million offers is one), in a fixed order of keys, and a statement that changes no status or no
-- paid amount (an edited title, a card key, a payment reference) touches no counter.
CREATE FUNCTION "status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts AS c (entity, status, n)
      SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts AS c (entity, status, n)
      SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO status_counts AS c (entity, status, n)
      SELECT TG_TABLE_NAME, status, sum(delta) FROM (
        SELECT status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, -1 AS delta FROM old_rows
      ) d GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
      ON CONFLICT (entity, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "status_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM status_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A payment counts on the Warsaw day of its pay date while it is paid or disputed (refunded ones
-- are left out), exactly as the summary's weeks are Warsaw weeks.
CREATE FUNCTION "paid_volume_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO paid_volume_daily AS v (day, gross_grosze, payments)
      SELECT (pay_date AT TIME ZONE 'Europe/Warsaw')::date, sum(price), count(*) FROM new_rows
      WHERE status IN ('paid', 'disputed') AND pay_date IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE
        SET gross_grosze = v.gross_grosze + excluded.gross_grosze, payments = v.payments + excluded.payments;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO paid_volume_daily AS v (day, gross_grosze, payments)
      SELECT (pay_date AT TIME ZONE 'Europe/Warsaw')::date, -sum(price), -count(*) FROM old_rows
      WHERE status IN ('paid', 'disputed') AND pay_date IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE
        SET gross_grosze = v.gross_grosze + excluded.gross_grosze, payments = v.payments + excluded.payments;
  ELSE
    INSERT INTO paid_volume_daily AS v (day, gross_grosze, payments)
      SELECT day, sum(gross), sum(n) FROM (
        SELECT (pay_date AT TIME ZONE 'Europe/Warsaw')::date AS day, price::bigint AS gross, 1 AS n FROM new_rows
        WHERE status IN ('paid', 'disputed') AND pay_date IS NOT NULL
        UNION ALL
        SELECT (pay_date AT TIME ZONE 'Europe/Warsaw')::date, -price::bigint, -1 FROM old_rows
        WHERE status IN ('paid', 'disputed') AND pay_date IS NOT NULL
      ) d GROUP BY day HAVING sum(n) <> 0 OR sum(gross) <> 0 ORDER BY day
      ON CONFLICT (day) DO UPDATE
        SET gross_grosze = v.gross_grosze + excluded.gross_grosze, payments = v.payments + excluded.payments;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "paid_volume_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM paid_volume_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "offers_counts_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "offers_counts_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "offers_counts_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "offers_counts_truncate" AFTER TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER "profiles_counts_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "profiles_counts_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "profiles_counts_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "profiles_counts_truncate" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER "payments_volume_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION paid_volume_apply();
--> statement-breakpoint
CREATE TRIGGER "payments_volume_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION paid_volume_apply();
--> statement-breakpoint
CREATE TRIGGER "payments_volume_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION paid_volume_apply();
--> statement-breakpoint
CREATE TRIGGER "payments_volume_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION paid_volume_truncate();
--> statement-breakpoint
-- The figures of the rows already there; the triggers above (created first, in this transaction,
-- which keeps writers out of these tables until it commits) keep them current from now on.
INSERT INTO status_counts (entity, status, n) SELECT 'offers', status, count(*) FROM offers GROUP BY status;
--> statement-breakpoint
INSERT INTO status_counts (entity, status, n) SELECT 'profiles', status, count(*) FROM profiles GROUP BY status;
--> statement-breakpoint
INSERT INTO paid_volume_daily (day, gross_grosze, payments)
  SELECT (pay_date AT TIME ZONE 'Europe/Warsaw')::date, sum(price), count(*) FROM payments
  WHERE status IN ('paid', 'disputed') AND pay_date IS NOT NULL GROUP BY 1;
