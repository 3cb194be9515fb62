-- Issue 16: a change to an API key (revoked, expired early by a regeneration, deleted) is announced on
-- the "principals" channel, as users' and roles' changes are (0009_principals_sql), so that every
-- instance's key cache (server/integrations/api-key-cache.ts) drops it before the key's next call.
CREATE FUNCTION principals_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principals', 'api_key:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_announce
AFTER UPDATE OF revoked_at, expires_at, scopes, organization_id OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION principals_api_key_changed();
