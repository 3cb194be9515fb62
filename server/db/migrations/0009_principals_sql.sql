-- Every change that affects a signed-in principal (its user row, its organization memberships, its role's
-- permissions) announces itself on the NOTIFY channel "principals", so that each instance's in-memory
-- principal cache (server/auth/principals.ts) drops what changed. Triggers rather than the application:
-- every writer is covered, whichever code or tool it is. Payloads: 'user:<id>', 'role:<id>',
-- 'organization:<id>', 'all'. NOTIFY is sent at commit, so a rolled-back change announces nothing, and
-- identical payloads of one transaction go out once.
CREATE FUNCTION principals_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('principals', 'user:' || OLD.id); END IF;
  IF TG_OP = 'UPDATE' THEN PERFORM pg_notify('principals', 'user:' || NEW.id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION principals_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('principals', 'user:' || OLD.user_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('principals', 'user:' || NEW.user_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION principals_role_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('principals', 'role:' || OLD.role_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('principals', 'role:' || NEW.role_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION principals_role_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principals', 'role:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION principals_organization_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principals', 'organization:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE fires no row trigger (a restore may use it): everything is dropped.
CREATE FUNCTION principals_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principals', 'all');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new user is in no cache (unknown users are not cached): deletions and real changes only.
CREATE TRIGGER users_principals AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION principals_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_principals_update AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION principals_user_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_principals AFTER INSERT OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION principals_membership_changed();
--> statement-breakpoint
-- last_active_at is written by requests themselves (at most hourly per member) and is no authority.
CREATE TRIGGER memberships_principals_update AFTER UPDATE ON "memberships"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_active_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_active_at'))
  EXECUTE FUNCTION principals_membership_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_principals AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  FOR EACH ROW EXECUTE FUNCTION principals_role_changed();
--> statement-breakpoint
-- A new role has no users yet; a changed or removed one may.
CREATE TRIGGER roles_principals AFTER UPDATE OR DELETE ON "roles"
  FOR EACH ROW EXECUTE FUNCTION principals_role_row_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_principals AFTER DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION principals_organization_removed();
--> statement-breakpoint
CREATE TRIGGER users_principals_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION principals_all_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_principals_truncate AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION principals_all_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_principals_truncate AFTER TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION principals_all_changed();
--> statement-breakpoint
CREATE TRIGGER roles_principals_truncate AFTER TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION principals_all_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_principals_truncate AFTER TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION principals_all_changed();
