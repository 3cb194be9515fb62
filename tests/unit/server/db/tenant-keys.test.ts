/**
 * The schema against the path to a tenant-sharded PostgreSQL (issue 28 item 6, docs/scale.md): Citus,
 * tables distributed by `organization_id`. Every table is placed: the tenant root (organizations, distributed
 * by its id), a tenant table (distributed by organization_id, co-located with the root), a reference table
 * (copied to every node) or a coordinator table (platform data, left on the coordinator). A tenant table
 * needs organization_id NOT NULL and in its primary key, and every foreign key between distributed tables
 * must carry it; Citus refuses a foreign key from a distributed table to a coordinator table, and from a
 * reference or coordinator table to a distributed one. What breaks these rules today is listed below with the reason;
 * the list is long, and each entry is a migration to write before sharding. A fixed entry fails the test
 * until it is taken off the list, and a new table fails it until it is placed.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../../server/db/schema';

const ROOT = 'organizations';
const KEY = 'organization_id';

/** Copied to every node: small, read by every tenant's queries, written rarely. */
const REFERENCE: Record<string, string> = {
  permissions: 'the permission catalogue',
  roles: 'system and custom platform roles',
  role_permissions: 'the roles’ grants',
  users: 'platform administrators and center directors; every tenant query joins them for names',
  billing_plans: 'the plan catalogue',
  business_plans: 'plan prices for the business figures',
  business_plan_add_ons: 'which add-ons a plan includes',
  add_ons: 'the add-on catalogue',
};

/** Platform data, left on the coordinator: nothing of it belongs to one tenant. */
const COORDINATOR: Record<string, string> = {
  acquisition_spend: 'platform marketing spend by month',
  alert_evaluation_ticks: 'the alert evaluator’s clock',
  alert_notifications: 'notifications of platform alert rules',
  alert_rule_instances: 'firing state of platform alert rules',
  alert_rules: 'platform alert rules',
  alert_silences: 'platform alert silences',
  alert_transitions: 'the history of alerts (platform and tenant ones together)',
  backup_jobs: 'the platform’s backups',
  backup_locations: 'the platform’s backups',
  backup_restore_test: 'the platform’s backups',
  backup_runs: 'the platform’s backups',
  business_days: 'platform figures by day',
  cloud_costs: 'the platform’s cloud bill',
  cost_budgets: 'the platform’s cloud budgets',
  demo_anchor: 'the demo dataset’s date',
  integrations: 'platform integrations (webhook endpoints)',
  login_throttle: 'sign-in throttle counts by account and address',
  maintenance_windows: 'platform maintenance windows',
  notification_preferences: 'an administrator’s own settings',
  one_time_tokens: 'invitation and reset links of administrators',
  process_samples: 'server instances’ process samples',
  rate_limit_counters: 'request counts by caller',
  report_files: 'platform reports',
  reports: 'platform reports',
  request_error_examples: 'server request errors',
  request_rollups:
    'server request figures by minute; organization_id is a dimension (empty for platform calls), read across tenants by the health screens',
  server_instances: 'the server instances',
  server_secrets: 'secrets shared by the instances',
  service_probes: 'service health probes',
  system_settings_versions: 'platform settings',
  two_factor_recovery_codes: 'administrators’ second factor',
  usage_events: 'the console’s own usage, by administrator',
  user_two_factor: 'administrators’ second factor',
  webhook_deliveries: 'deliveries to platform integrations',
};

/**
 * What breaks the rules today, each with why and what fixing it takes. Keys: `<table> primary key`,
 * `<table> organization_id nullable`, `<table>.<columns> -> <table>` for a foreign key.
 */
const EXCEPTIONS: Record<string, string> = {
  'alerts primary key': 'id alone; platform alerts have no organization (split them from tenant alerts)',
  'alerts organization_id nullable': 'platform alerts (no tenant) live in the same table',
  'alerts.rule_id -> alert_rules':
    'tenant alerts point at platform rules (make alert_rules a reference table)',
  'api_keys primary key': 'id alone; a key is looked up by its hash without knowing its organization',
  'api_keys organization_id nullable': 'platform keys (no tenant) live in the same table',
  'attendance primary key': 'id alone (needs (organization_id, id))',
  'attendance.child_id -> children': 'child_id alone (needs (organization_id, child_id) to children)',
  'audit_logs primary key': 'id alone; the audit chain is one sequence across all tenants',
  'audit_logs organization_id nullable':
    'platform events (sign-ins, settings) have no tenant; the hash chain would need one chain per tenant plus one for the platform',
  'children primary key': 'id alone (needs (organization_id, id))',
  'dashboards primary key': 'id alone',
  'export_jobs primary key': 'id alone',
  'export_jobs organization_id nullable': 'platform exports (no tenant) live in the same table',
  'invites primary key': 'id alone; an invitation is found by its token before its organization is known',
  'memberships primary key': 'id alone',
  'organization_add_ons primary key': 'id alone',
  'subscription_events primary key': 'id alone',
  'subscriptions primary key': 'id alone',
  'webhook_events primary key': 'id alone',
  'webhook_events organization_id nullable': 'platform events (no tenant) live in the same table',
  'alert_transitions.alert_id -> alerts':
    'the history of tenant alerts is kept with the platform’s (move it to a tenant table keyed like alerts)',
  'alert_rule_instances.alert_id -> alerts': 'platform rule state points at a tenant alert',
  'webhook_deliveries.event_id -> webhook_events':
    'deliveries of tenant events are kept with the platform’s (carry organization_id and distribute them)',
  'users.center_id -> organizations':
    'a center director’s organization: a reference table cannot point into a distributed one (drop the key, check in code)',
};

interface Placed {
  name: string;
  kind: 'root' | 'tenant' | 'reference' | 'coordinator';
  table: PgTable;
}

function place(table: PgTable): Placed {
  const { name, columns } = getTableConfig(table);
  if (name === ROOT) return { name, kind: 'root', table };
  if (REFERENCE[name]) return { name, kind: 'reference', table };
  if (COORDINATOR[name]) return { name, kind: 'coordinator', table };
  if (columns.some((column) => column.name === KEY)) return { name, kind: 'tenant', table };
  throw new Error(
    `${name}: not placed; add it to REFERENCE or COORDINATOR in this test, or give it organization_id (docs/scale.md)`,
  );
}

const tables = Object.values(schema).map(place);
const byName = new Map(tables.map((entry) => [entry.name, entry]));
const distributed = (kind: Placed['kind']) => kind === 'root' || kind === 'tenant';

/** Every breach of the rules, keyed like EXCEPTIONS. */
function breaches(): string[] {
  const found: string[] = [];
  for (const { name, kind, table } of tables) {
    const config = getTableConfig(table);
    if (kind === 'tenant') {
      const primary = [
        ...config.columns.filter((column) => column.primary).map((column) => column.name),
        ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
      ];
      if (!primary.includes(KEY)) found.push(`${name} primary key`);
      if (!config.columns.find((column) => column.name === KEY)?.notNull)
        found.push(`${name} ${KEY} nullable`);
    }
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const target = byName.get(getTableConfig(reference.foreignTable).name)!;
      const columns = reference.columns.map((column) => column.name);
      const label = `${name}.${columns.join(',')} -> ${target.name}`;
      if (distributed(kind) && distributed(target.kind)) {
        // Co-located: the key carries the distribution column on both sides (the root's is its id).
        const targetKey = target.kind === 'root' ? 'id' : KEY;
        const at = columns.indexOf(KEY);
        if (at < 0 || reference.foreignColumns[at]?.name !== targetKey) found.push(label);
      } else if (distributed(kind) && target.kind === 'coordinator') {
        found.push(label);
      } else if (!distributed(kind) && distributed(target.kind)) {
        // A reference or coordinator table cannot point into a distributed one.
        found.push(label);
      }
    }
  }
  return found.sort();
}

describe('the schema on the way to sharding by organization_id', () => {
  it('places every table: tenant root, tenant, reference or coordinator', () => {
    expect(tables.filter((entry) => entry.kind === 'root').map((entry) => entry.name)).toEqual([ROOT]);
    // Nothing placed twice, nothing listed that no longer exists.
    const listed = [...Object.keys(REFERENCE), ...Object.keys(COORDINATOR)];
    expect(listed.filter((name) => !byName.has(name))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(tables.filter((entry) => entry.kind === 'tenant').length).toBeGreaterThan(10);
  });

  it('holds every tenant table to organization_id in its primary key and its foreign keys, but for the listed exceptions', () => {
    expect(breaches()).toEqual(Object.keys(EXCEPTIONS).sort());
  });

  it('keeps the tables already shaped for it so', () => {
    // organization_mrr is keyed by organization_id alone: the shape every tenant table should take.
    expect(breaches().filter((entry) => entry.startsWith('organization_mrr'))).toEqual([]);
  });
});
