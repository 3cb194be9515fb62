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
);
--> statement-breakpoint
CREATE TABLE "request_error_examples" (
	"route" text NOT NULL,
	"method" text NOT NULL,
	"status" integer NOT NULL,
	"message" text NOT NULL,
	"count" integer NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "request_error_examples_route_method_status_message_pk" PRIMARY KEY("route","method","status","message")
);
--> statement-breakpoint
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
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"region" text NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	"stopped_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "service_probes" (
	"service" text NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"instance_id" text NOT NULL,
	"status" text NOT NULL,
	"response_ms" double precision,
	"version" text,
	"detail" text NOT NULL,
	CONSTRAINT "service_probes_service_checked_at_instance_id_pk" PRIMARY KEY("service","checked_at","instance_id")
);
--> statement-breakpoint
CREATE INDEX "process_samples_sampled_at" ON "process_samples" USING btree ("sampled_at");