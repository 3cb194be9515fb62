-- The audit trail is append-only: UPDATE, DELETE and TRUNCATE are refused, with two narrow exceptions that
-- the server opens for one transaction with set_config(..., true):
--  * audit.retention_before = a UTC midnight: the retention job deletes whole days before it;
--  * audit.sealing = 'on': records written before the hash chain existed (hash '') receive their hashes once.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := nullif(current_setting('audit.retention_before', true), '');
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL
     AND date_trunc('day', cutoff::timestamptz AT TIME ZONE 'UTC') = cutoff::timestamptz AT TIME ZONE 'UTC'
     AND OLD."timestamp" < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('audit.sealing', true) = 'on' AND OLD."hash" = ''
     AND NEW."id" = OLD."id" AND NEW."seq" = OLD."seq" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
