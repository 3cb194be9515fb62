CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frozen_at" timestamp (3) with time zone NOT NULL,
	"frozen_seq" bigint,
	"row_count" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_logs_organization_time";--> statement-breakpoint
DROP INDEX "audit_logs_time";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Records written before the chain get their place in time order; sealLegacyAuditRecords (server/audit/chain.ts) hashes them at start.
UPDATE "audit_logs" SET "seq" = numbered.n FROM (SELECT "id", row_number() OVER (ORDER BY "timestamp", "id") AS n FROM "audit_logs") AS numbered WHERE numbered."id" = "audit_logs"."id";--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "prev_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_user_created" ON "export_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_seq" ON "audit_logs" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_logs_time_seq" ON "audit_logs" USING btree ("timestamp","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_organization_time_seq" ON "audit_logs" USING btree ("organization_id","timestamp","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_action_time_seq" ON "audit_logs" USING btree ("action","timestamp","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_user_seq" ON "audit_logs" USING btree (coalesce("user_name", ''),"seq");