-- One alert model (issue 12): the banner's alerts join the alerts table as platform alerts (no
-- organization), in their order, keeping their ids, kinds and metadata.
INSERT INTO "alerts" ("id", "organization_id", "title", "description", "severity", "status", "category", "source", "kind", "metadata", "created_at", "updated_at")
SELECT "id", NULL, "title", "message", "priority", 'active', "category", 'banner', "type", "metadata", "created_at", "created_at"
FROM "banner_alerts"
ORDER BY "seq";
