CREATE TABLE "business_days" (
	"day" date PRIMARY KEY NOT NULL,
	"mrr_added_cents" bigint DEFAULT 0 NOT NULL,
	"mrr_added_moment" numeric DEFAULT '0' NOT NULL,
	"mrr_removed_cents" bigint DEFAULT 0 NOT NULL,
	"mrr_removed_moment" numeric DEFAULT '0' NOT NULL,
	"customer_delta" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"customers_lost" integer DEFAULT 0 NOT NULL,
	"trials_converted" integer DEFAULT 0 NOT NULL,
	"trials_ended" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_plan_add_ons" (
	"plan" text NOT NULL,
	"add_on_id" text NOT NULL,
	"subscriptions" integer NOT NULL,
	CONSTRAINT "business_plan_add_ons_plan_add_on_id_pk" PRIMARY KEY("plan","add_on_id")
);
--> statement-breakpoint
CREATE TABLE "business_plans" (
	"plan" text PRIMARY KEY NOT NULL,
	"customers" integer NOT NULL,
	"mrr_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_mrr" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"mrr_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_mrr" ADD CONSTRAINT "organization_mrr_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_mrr_by_mrr" ON "organization_mrr" USING btree ("mrr_cents" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organization_add_ons_started" ON "organization_add_ons" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "organization_add_ons_ended" ON "organization_add_ons" USING btree ("ended_at");