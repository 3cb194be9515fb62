ALTER TABLE "demo_anchor" ADD COLUMN "filled_to" timestamp (3) with time zone;--> statement-breakpoint
-- A demo moved by an earlier version was filled in the same step.
UPDATE "demo_anchor" SET "filled_to" = "anchored_at" WHERE "anchored_at" IS NOT NULL;
