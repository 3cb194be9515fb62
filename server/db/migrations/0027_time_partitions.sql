-- Issue 28: the time series become time-partitioned tables, so that retention drops whole partitions
-- instead of deleting rows. Each table is made again as a partitioned one with the same columns, keys and
-- indexes (the old one renamed, its key and indexes dropped so that their names are free), its rows copied
-- into a DEFAULT partition, and the old table dropped. The day and month partitions are made by the server
-- (server/db/partitions.ts): at every start the current ones, and hourly the next ones, with the rows the
-- DEFAULT partition holds for them moved in.
ALTER TABLE "process_samples" RENAME TO "process_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "process_samples_unpartitioned" DROP CONSTRAINT "process_samples_instance_id_sampled_at_pk";--> statement-breakpoint
DROP INDEX "process_samples_sampled_at";--> statement-breakpoint
CREATE TABLE "process_samples" (
	"instance_id" text NOT NULL,
	"sampled_at" timestamp (3) with time zone NOT NULL,
	"cpu_percent" double precision NOT NULL,
	"rss_bytes" bigint NOT NULL,
	"heap_used_bytes" bigint NOT NULL,
	"memory_percent" double precision NOT NULL,
	"event_loop_delay_p99_ms" double precision NOT NULL,
	"event_loop_utilization" double precision NOT NULL,
	"db_round_trip_ms" double precision,
	"open_connections" integer NOT NULL,
	"job_backlog" integer NOT NULL,
	"job_failures" integer NOT NULL,
	"disk_used_bytes" bigint NOT NULL,
	"disk_free_bytes" bigint NOT NULL,
	CONSTRAINT "process_samples_instance_id_sampled_at_pk" PRIMARY KEY("instance_id","sampled_at")
) PARTITION BY RANGE ("sampled_at");--> statement-breakpoint
CREATE INDEX "process_samples_sampled_at" ON "process_samples" USING btree ("sampled_at");--> statement-breakpoint
CREATE TABLE "process_samples_default" PARTITION OF "process_samples" DEFAULT;--> statement-breakpoint
INSERT INTO "process_samples" SELECT * FROM "process_samples_unpartitioned";--> statement-breakpoint
DROP TABLE "process_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "request_rollups" RENAME TO "request_rollups_unpartitioned";--> statement-breakpoint
ALTER TABLE "request_rollups_unpartitioned" DROP CONSTRAINT "request_rollups_resolution_period_start_instance_id_route_method_organization_id_pk";--> statement-breakpoint
CREATE TABLE "request_rollups" (
	"resolution" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"route" text NOT NULL,
	"method" text NOT NULL,
	"organization_id" text DEFAULT '' NOT NULL,
	"requests" integer NOT NULL,
	"errors" integer NOT NULL,
	"status_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration_sum_ms" double precision NOT NULL,
	"satisfied" integer NOT NULL,
	"tolerating" integer NOT NULL,
	"latency_buckets" integer[] NOT NULL,
	"latency_counts" integer[] NOT NULL,
	CONSTRAINT "request_rollups_resolution_period_start_instance_id_route_method_organization_id_pk" PRIMARY KEY("resolution","period_start","instance_id","route","method","organization_id")
) PARTITION BY LIST ("resolution");--> statement-breakpoint
-- Minutes (kept 30 days) in day partitions, hours (kept a year) in month partitions.
CREATE TABLE "request_rollups_minute" PARTITION OF "request_rollups" FOR VALUES IN ('minute') PARTITION BY RANGE ("period_start");--> statement-breakpoint
CREATE TABLE "request_rollups_minute_default" PARTITION OF "request_rollups_minute" DEFAULT;--> statement-breakpoint
CREATE TABLE "request_rollups_hour" PARTITION OF "request_rollups" FOR VALUES IN ('hour') PARTITION BY RANGE ("period_start");--> statement-breakpoint
CREATE TABLE "request_rollups_hour_default" PARTITION OF "request_rollups_hour" DEFAULT;--> statement-breakpoint
INSERT INTO "request_rollups" SELECT * FROM "request_rollups_unpartitioned";--> statement-breakpoint
DROP TABLE "request_rollups_unpartitioned";--> statement-breakpoint
ALTER TABLE "service_probes" RENAME TO "service_probes_unpartitioned";--> statement-breakpoint
ALTER TABLE "service_probes_unpartitioned" DROP CONSTRAINT "service_probes_service_checked_at_instance_id_pk";--> statement-breakpoint
CREATE TABLE "service_probes" (
	"service" text NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"status" text NOT NULL,
	"response_ms" double precision,
	"version" text,
	"detail" text NOT NULL,
	CONSTRAINT "service_probes_service_checked_at_instance_id_pk" PRIMARY KEY("service","checked_at","instance_id")
) PARTITION BY RANGE ("checked_at");--> statement-breakpoint
CREATE TABLE "service_probes_default" PARTITION OF "service_probes" DEFAULT;--> statement-breakpoint
INSERT INTO "service_probes" SELECT * FROM "service_probes_unpartitioned";--> statement-breakpoint
DROP TABLE "service_probes_unpartitioned";--> statement-breakpoint
-- The old identity is dropped with its sequence (the name is free); the new one continues after the
-- highest id, so that incremental backups, which continue from the last id, see every new event.
ALTER TABLE "usage_events" RENAME TO "usage_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "usage_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "usage_events_unpartitioned" DROP CONSTRAINT "usage_events_pkey";--> statement-breakpoint
ALTER TABLE "usage_events_unpartitioned" DROP CONSTRAINT "usage_events_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "usage_events_occurred_idx";--> statement-breakpoint
DROP INDEX "usage_events_user_received_idx";--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"feature" text,
	"host" text NOT NULL,
	"os" text NOT NULL,
	"screen" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "usage_events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at"),
	CONSTRAINT "usage_events_kind_known" CHECK ("usage_events"."kind" in ('page_view', 'session_start', 'heartbeat', 'session_end', 'feature'))
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_events_occurred_idx" ON "usage_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "usage_events_user_received_idx" ON "usage_events" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE TABLE "usage_events_default" PARTITION OF "usage_events" DEFAULT;--> statement-breakpoint
INSERT INTO "usage_events" OVERRIDING SYSTEM VALUE SELECT * FROM "usage_events_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('usage_events', 'id'), coalesce((SELECT max("id") FROM "usage_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "usage_events_unpartitioned";
