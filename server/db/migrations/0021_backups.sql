CREATE TABLE "backup_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"location_id" uuid NOT NULL,
	"schedule" text NOT NULL,
	"retention_days" integer NOT NULL,
	"compression" text DEFAULT 'gzip' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_jobs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "backup_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"status_reason" text,
	"capacity" bigint DEFAULT 0 NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"last_check" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_locations_name_unique" UNIQUE("name"),
	CONSTRAINT "backup_locations_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"job_name" text NOT NULL,
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"size" bigint DEFAULT 0 NOT NULL,
	"tables" integer DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"location_id" uuid,
	"file_name" text,
	"sha256" text,
	"base_run_id" uuid,
	"manifest" jsonb,
	"verification" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"restore_test_ms" integer,
	"verification_error" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "backup_jobs" ADD CONSTRAINT "backup_jobs_location_id_backup_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."backup_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_job_id_backup_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."backup_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_location_id_backup_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."backup_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_base_run_id_backup_runs_id_fk" FOREIGN KEY ("base_run_id") REFERENCES "public"."backup_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_started" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "backup_runs_job" ON "backup_runs" USING btree ("job_id","started_at");