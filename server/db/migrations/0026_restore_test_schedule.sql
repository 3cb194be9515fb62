CREATE TABLE "backup_restore_test" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"schedule" text NOT NULL,
	"window_days" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
