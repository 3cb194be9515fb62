-- Issue 13: fill the users screen's new columns from what the database already knows, for databases
-- migrated with users in them (a fresh database's seed sets them itself). The center: the organization
-- the user administers (owner, then admin), else the first one joined. The last login: the newest
-- successful sign-in in the audit trail.
UPDATE "users" u SET "center_id" = (
  SELECT m."organization_id" FROM "memberships" m
  WHERE m."user_id" = u."id"
  ORDER BY CASE m."role" WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m."joined_at", m."organization_id"
  LIMIT 1
);
--> statement-breakpoint
UPDATE "users" u SET "last_login_at" = l."at"
FROM (
  SELECT "user_id", max("timestamp") AS "at" FROM "audit_logs"
  WHERE "action" = 'LOGIN' AND "status" = 'success' AND "user_id" IS NOT NULL
  GROUP BY "user_id"
) l
WHERE l."user_id" = u."id";
