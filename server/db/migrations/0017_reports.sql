CREATE TABLE "report_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"data" jsonb NOT NULL,
	"generated_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"format" text NOT NULL,
	"schedule" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"metrics" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_generated_at" timestamp (3) with time zone,
	"next_run_at" timestamp (3) with time zone,
	"error" text,
	"last_delivery_at" timestamp (3) with time zone,
	"last_delivery_sent" boolean,
	"last_delivery_reason" text
);
--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_files_report" ON "report_files" USING btree ("report_id","generated_at");--> statement-breakpoint
CREATE INDEX "report_files_expiry" ON "report_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reports_created_by" ON "reports" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "reports_next_run" ON "reports" USING btree ("next_run_at");