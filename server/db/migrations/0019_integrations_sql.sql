-- Issue 16: a change to an API key (revoked, expired early by a regeneration, deleted) is announced on
-- the "api_keys" channel, as users' and roles' changes are on "principals" (0009_principals_sql), so
-- that every instance's key cache (server/integrations/api-key-cache.ts) drops it before its next call.
CREATE FUNCTION api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_keys', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_announce
AFTER UPDATE OF revoked_at, expires_at, scopes, organization_id OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION api_key_changed();
