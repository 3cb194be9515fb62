CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "system_settings_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"smtp_password" text,
	"saved_at" timestamp (3) with time zone NOT NULL,
	"saved_by" uuid,
	"saved_by_name" text
);
--> statement-breakpoint
ALTER TABLE "system_settings_versions" ADD CONSTRAINT "system_settings_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;