ALTER TABLE "reports" ADD COLUMN "running_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "generate_on_start" boolean DEFAULT false NOT NULL;