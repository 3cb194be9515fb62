CREATE TABLE "acquisition_spend" (
	"month" date PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "add_ons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_price_cents" integer NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "cloud_costs" (
	"date" date NOT NULL,
	"service" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "cloud_costs_date_service_pk" PRIMARY KEY("date","service"),
	CONSTRAINT "cloud_costs_amount_non_negative" CHECK ("cloud_costs"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cost_budgets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_limit_cents" bigint NOT NULL,
	"alert_threshold_percent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"add_on_id" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	CONSTRAINT "organization_add_ons_end_after_start" CHECK ("organization_add_ons"."ended_at" is null or "organization_add_ons"."ended_at" >= "organization_add_ons"."started_at")
);
--> statement-breakpoint
CREATE TABLE "organization_mrr" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"mrr_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"plan" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"mrr_delta_cents" integer NOT NULL,
	"customer_delta" integer NOT NULL,
	"from_trial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "subscription_events_customer_delta" CHECK ("subscription_events"."customer_delta" between -1 and 1)
);
--> statement-breakpoint
ALTER TABLE "organization_add_ons" ADD CONSTRAINT "organization_add_ons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_add_ons" ADD CONSTRAINT "organization_add_ons_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_mrr" ADD CONSTRAINT "organization_mrr_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_add_ons_organization" ON "organization_add_ons" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_add_ons_started" ON "organization_add_ons" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "organization_add_ons_ended" ON "organization_add_ons" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "organization_mrr_by_mrr" ON "organization_mrr" USING btree ("mrr_cents" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscription_events_time" ON "subscription_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "subscription_events_organization_time" ON "subscription_events" USING btree ("organization_id","occurred_at");