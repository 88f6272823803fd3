-- An administrator has no lawyer profile (issue 25): before, opening the dashboard created an
-- empty one for them, shown in the admin table as a nameless row. Such a profile has no offers
-- (an inactive profile cannot create one); its jobs and references go with it (ON DELETE cascade).
DELETE FROM "profiles" "p" USING "users" "u"
WHERE "u"."id" = "p"."user_id" AND "u"."role" = 'admin'
  AND NOT EXISTS (SELECT 1 FROM "offers" "o" WHERE "o"."profile_id" = "p"."id");
