-- The business summaries (organization_mrr, business_plans, business_plan_add_ons, business_days) kept up to date by triggers in the same
-- transaction as every change of the MRR history, and backfilled from the existing rows.
-- A movement: a subscription event, an add-on's start (+price) or its end (−price).
CREATE VIEW "business_movements" AS
  SELECT e.organization_id, e.occurred_at AS at, e.mrr_delta_cents::bigint AS delta, e.customer_delta AS customers,
         (e.customer_delta = 1 AND e.type IN ('new', 'trial_convert'))::int AS new_customers,
         (e.customer_delta = -1)::int AS customers_lost,
         (e.type = 'trial_convert')::int AS trials_converted,
         (e.type = 'trial_convert' OR (e.type = 'cancel' AND e.from_trial))::int AS trials_ended
    FROM subscription_events e
  UNION ALL
  SELECT a.organization_id, a.started_at, p.monthly_price_cents::bigint, 0, 0, 0, 0, 0
    FROM organization_add_ons a JOIN add_ons p ON p.id = a.add_on_id
  UNION ALL
  SELECT a.organization_id, a.ended_at, -p.monthly_price_cents::bigint, 0, 0, 0, 0, 0
    FROM organization_add_ons a JOIN add_ons p ON p.id = a.add_on_id WHERE a.ended_at IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION business_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_days;
  DELETE FROM organization_mrr;
  DELETE FROM business_plans;
  DELETE FROM business_plan_add_ons;
  INSERT INTO organization_mrr (organization_id, plan, mrr_cents)
    SELECT o.id, o.plan, sum(m.delta) FROM business_movements m JOIN organizations o ON o.id = m.organization_id
      GROUP BY o.id, o.plan;
  -- (organization_mrr's own trigger has counted the paying organizations into business_plans.)
  INSERT INTO business_plan_add_ons (plan, add_on_id, subscriptions)
    SELECT o.plan, a.add_on_id, count(*) FROM organization_add_ons a JOIN organizations o ON o.id = a.organization_id
      WHERE a.ended_at IS NULL GROUP BY o.plan, a.add_on_id;
  INSERT INTO business_days (day, mrr_added_cents, mrr_added_moment, mrr_removed_cents, mrr_removed_moment,
                             customer_delta, new_customers, customers_lost, trials_converted, trials_ended)
    SELECT (m.at AT TIME ZONE 'UTC')::date,
           sum(greatest(m.delta, 0)), sum(greatest(m.delta, 0) * (extract(epoch FROM m.at) * 1000)),
           sum(least(m.delta, 0)), sum(least(m.delta, 0) * (extract(epoch FROM m.at) * 1000)),
           sum(m.customers), sum(m.new_customers), sum(m.customers_lost), sum(m.trials_converted),
           sum(m.trials_ended)
      FROM business_movements m GROUP BY 1;
END $$;
--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) one movement.
CREATE FUNCTION business_apply(org uuid, at timestamptz, delta bigint, customers int, new_customers int,
                               customers_lost int, trials_converted int, trials_ended int, sign int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moment numeric := extract(epoch FROM at) * 1000;
BEGIN
  INSERT INTO business_days AS d (day, mrr_added_cents, mrr_added_moment, mrr_removed_cents, mrr_removed_moment,
                                  customer_delta, new_customers, customers_lost, trials_converted, trials_ended)
  VALUES ((at AT TIME ZONE 'UTC')::date,
          sign * greatest(delta, 0), sign * greatest(delta, 0) * moment,
          sign * least(delta, 0), sign * least(delta, 0) * moment,
          sign * customers, sign * new_customers, sign * customers_lost, sign * trials_converted, sign * trials_ended)
  ON CONFLICT (day) DO UPDATE SET
    mrr_added_cents = d.mrr_added_cents + excluded.mrr_added_cents,
    mrr_added_moment = d.mrr_added_moment + excluded.mrr_added_moment,
    mrr_removed_cents = d.mrr_removed_cents + excluded.mrr_removed_cents,
    mrr_removed_moment = d.mrr_removed_moment + excluded.mrr_removed_moment,
    customer_delta = d.customer_delta + excluded.customer_delta,
    new_customers = d.new_customers + excluded.new_customers,
    customers_lost = d.customers_lost + excluded.customers_lost,
    trials_converted = d.trials_converted + excluded.trials_converted,
    trials_ended = d.trials_ended + excluded.trials_ended;
  IF sign > 0 THEN
    INSERT INTO organization_mrr AS o (organization_id, plan, mrr_cents)
      SELECT org, x.plan, delta FROM organizations x WHERE x.id = org
      ON CONFLICT (organization_id) DO UPDATE SET mrr_cents = o.mrr_cents + excluded.mrr_cents;
  ELSE
    -- Only an update: when the organization itself is being deleted its row may be gone already.
    UPDATE organization_mrr SET mrr_cents = mrr_cents - delta WHERE organization_id = org;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION business_count_plan(p text, customers int, mrr bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_plans AS b (plan, customers, mrr_cents) VALUES (p, customers, mrr)
    ON CONFLICT (plan) DO UPDATE SET customers = b.customers + excluded.customers,
                                     mrr_cents = b.mrr_cents + excluded.mrr_cents;
END $$;
--> statement-breakpoint
CREATE FUNCTION business_count_add_on(p text, add_on text, n int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_plan_add_ons AS b (plan, add_on_id, subscriptions) VALUES (p, add_on, n)
    ON CONFLICT (plan, add_on_id) DO UPDATE SET subscriptions = b.subscriptions + excluded.subscriptions;
END $$;
--> statement-breakpoint
-- An organization's MRR counts into its plan while it is positive.
CREATE FUNCTION business_organization_mrr_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.mrr_cents > 0 THEN
    PERFORM business_count_plan(OLD.plan, -1, -OLD.mrr_cents);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.mrr_cents > 0 THEN
    PERFORM business_count_plan(NEW.plan, 1, NEW.mrr_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change of plan moves the organization's MRR and open add-ons to the new plan.
CREATE FUNCTION business_organization_plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organization_mrr SET plan = NEW.plan WHERE organization_id = NEW.id;
  PERFORM business_count_add_on(OLD.plan, a.add_on_id, -count(*)::int), business_count_add_on(NEW.plan, a.add_on_id, count(*)::int)
    FROM organization_add_ons a WHERE a.organization_id = NEW.id AND a.ended_at IS NULL GROUP BY a.add_on_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted organization leaves the summaries before its history is deleted with it.
CREATE FUNCTION business_organization_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM organization_mrr WHERE organization_id = OLD.id;
  PERFORM business_count_add_on(OLD.plan, a.add_on_id, -count(*)::int)
    FROM organization_add_ons a WHERE a.organization_id = OLD.id AND a.ended_at IS NULL GROUP BY a.add_on_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION business_apply_event(e subscription_events, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_apply(e.organization_id, e.occurred_at, e.mrr_delta_cents::bigint, e.customer_delta,
    (e.customer_delta = 1 AND e.type IN ('new', 'trial_convert'))::int, (e.customer_delta = -1)::int,
    (e.type = 'trial_convert')::int, (e.type = 'trial_convert' OR (e.type = 'cancel' AND e.from_trial))::int, sign);
END $$;
--> statement-breakpoint
CREATE FUNCTION business_apply_add_on(a organization_add_ons, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  price bigint;
BEGIN
  SELECT monthly_price_cents INTO price FROM add_ons WHERE id = a.add_on_id;
  PERFORM business_apply(a.organization_id, a.started_at, price, 0, 0, 0, 0, 0, sign);
  IF a.ended_at IS NULL THEN
    -- Skipped while the organization itself is deleted (its counts went before it).
    PERFORM business_count_add_on(x.plan, a.add_on_id, sign) FROM organizations x WHERE x.id = a.organization_id;
  END IF;
  IF a.ended_at IS NOT NULL THEN
    PERFORM business_apply(a.organization_id, a.ended_at, -price, 0, 0, 0, 0, 0, sign);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION business_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM business_apply_event(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM business_apply_event(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION business_add_ons_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM business_apply_add_on(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM business_apply_add_on(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new add-on price, or a truncated history: rare, so the summaries are rebuilt from the rows.
CREATE FUNCTION business_summaries_rebuilt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_summaries_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_events_summaries AFTER INSERT OR UPDATE OR DELETE ON subscription_events
  FOR EACH ROW EXECUTE FUNCTION business_events_changed();
--> statement-breakpoint
CREATE TRIGGER organization_add_ons_summaries AFTER INSERT OR UPDATE OR DELETE ON organization_add_ons
  FOR EACH ROW EXECUTE FUNCTION business_add_ons_changed();
--> statement-breakpoint
CREATE TRIGGER organization_mrr_plans AFTER INSERT OR UPDATE OR DELETE ON organization_mrr
  FOR EACH ROW EXECUTE FUNCTION business_organization_mrr_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_plan_summaries AFTER UPDATE OF plan ON organizations
  FOR EACH ROW WHEN (OLD.plan IS DISTINCT FROM NEW.plan) EXECUTE FUNCTION business_organization_plan_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_deleted_summaries BEFORE DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION business_organization_deleted();
--> statement-breakpoint
CREATE TRIGGER add_ons_price_summaries AFTER UPDATE OF monthly_price_cents ON add_ons
  FOR EACH STATEMENT EXECUTE FUNCTION business_summaries_rebuilt();
--> statement-breakpoint
CREATE TRIGGER subscription_events_truncated AFTER TRUNCATE ON subscription_events
  FOR EACH STATEMENT EXECUTE FUNCTION business_summaries_rebuilt();
--> statement-breakpoint
CREATE TRIGGER organization_add_ons_truncated AFTER TRUNCATE ON organization_add_ons
  FOR EACH STATEMENT EXECUTE FUNCTION business_summaries_rebuilt();
--> statement-breakpoint
SELECT business_summaries_rebuild();
