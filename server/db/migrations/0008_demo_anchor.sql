CREATE TABLE "demo_anchor" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"seeded_at" timestamp (3) with time zone NOT NULL,
	"anchored_at" timestamp (3) with time zone,
	CONSTRAINT "demo_anchor_one_row" CHECK ("demo_anchor"."id")
);
