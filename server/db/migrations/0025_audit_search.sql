-- The audit search's trigram index (server/audit/tables.ts). pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database owner may create it; PGlite loads it at open (server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_logs_search" ON "audit_logs" USING gin (("id"::text || E'\n' || coalesce("user_id"::text, '') || E'\n' || coalesce("user_name", '') || E'\n' || coalesce("user_email", '') || E'\n' || "action" || E'\n' || "resource" || E'\n' || coalesce("resource_id", '') || E'\n' || "details"::text || E'\n' || coalesce("ip_address", '') || E'\n' || coalesce("user_agent", '') || E'\n' || "status" || E'\n' || "severity") gin_trgm_ops);
