import { and, asc, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Member, Organization, OrganizationSummary } from '../../shared/api';
import { canViewBilling, type TenantContext } from '../../shared/tenancy';
import type { Db } from '../db/client';
import {
  TENANT_TABLES,
  alerts,
  dashboards,
  memberships,
  organizations,
  subscriptions,
  users,
} from '../db/schema';
import { organizationNotFound } from './context';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString();
const toNumber = (value: unknown) => Number(value ?? 0);

type OrganizationRow = typeof organizations.$inferSelect;

const memberCounts = (ids: string[]) => (db: Db) =>
  ids.length === 0
    ? Promise.resolve(new Map<string, number>())
    : db
        .select({ id: memberships.organizationId, n: count() })
        .from(memberships)
        .where(inArray(memberships.organizationId, ids))
        .groupBy(memberships.organizationId)
        .then((rows) => new Map(rows.map((r) => [r.id, r.n])));

function summary(row: OrganizationRow, memberCount: number): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    status: row.status,
    type: row.type,
    createdAt: iso(row.createdAt),
    memberCount,
  };
}

/** The organization switcher's list: memberships, or every organization for centers.view_all. */
export async function listOrganizationsFor(
  db: Db,
  userId: string,
  viewAll: boolean,
): Promise<OrganizationSummary[]> {
  const rows = viewAll
    ? await db.select().from(organizations).orderBy(asc(organizations.name))
    : (
        await db
          .select({ organization: organizations })
          .from(memberships)
          .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
          .where(and(eq(memberships.userId, userId), sql`${memberships.status} <> 'suspended'`))
          .orderBy(asc(organizations.name))
      ).map((r) => r.organization);
  const counts = await memberCounts(rows.map((r) => r.id))(db);
  return rows.map((row) => summary(row, counts.get(row.id) ?? 0));
}

/** Bytes of the organization's rows over every tenant table (part 1 §6 usage). */
export async function storageBytes(db: Db, organizationId: string): Promise<number> {
  const parts = TENANT_TABLES.map((table) => {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    return sql`(select coalesce(sum(pg_column_size(t.*)), 0) from ${sql.identifier(table)} t where t.${sql.identifier(column)} = ${organizationId})`;
  });
  // Both drivers answer execute() with { rows }.
  const result = (await db.execute(sql`select (${sql.join(parts, sql` + `)})::bigint as bytes`)) as {
    rows: { bytes: string | number }[];
  };
  return toNumber(result.rows[0]?.bytes);
}

async function countWhere(db: Db, table: typeof dashboards | typeof alerts, organizationId: string) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId));
  return row?.n ?? 0;
}

async function memberCount(db: Db, organizationId: string, extra?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), extra));
  return row?.n ?? 0;
}

export const activeMemberCount = (db: Db, organizationId: string) =>
  memberCount(db, organizationId, eq(memberships.status, 'active'));

export async function organizationStats(db: Db, organizationId: string, now: number) {
  const since = new Date(now - 30 * DAY_MS);
  const [totalUsers, activeUsers, totalDashboards, totalAlerts, storageUsed] = await Promise.all([
    memberCount(db, organizationId),
    memberCount(
      db,
      organizationId,
      and(eq(memberships.status, 'active'), gte(memberships.lastActiveAt, since)),
    ),
    countWhere(db, dashboards, organizationId),
    countWhere(db, alerts, organizationId),
    storageBytes(db, organizationId),
  ]);
  return { totalUsers, activeUsers, totalDashboards, totalAlerts, storageUsed };
}

/** The organization of part 2 §3, usage computed, billing only for those who may view it. */
export async function loadOrganization(db: Db, context: TenantContext): Promise<Organization> {
  const id = context.organizationId;
  const [row] = await db
    .select({ organization: organizations, subscription: subscriptions })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(eq(organizations.id, id));
  if (!row) throw organizationNotFound();
  const org = row.organization;
  const sub = row.subscription;
  const [members, activeMembers, metrics, alertCount, storage] = await Promise.all([
    memberCount(db, id),
    activeMemberCount(db, id),
    countWhere(db, dashboards, id),
    countWhere(db, alerts, id),
    storageBytes(db, id),
  ]);
  const billing =
    sub && canViewBilling(context)
      ? {
          email: sub.billingEmail,
          paymentMethod: {
            brand: sub.paymentBrand,
            last4: sub.paymentLast4,
            expiryMonth: sub.paymentExpiryMonth,
            expiryYear: sub.paymentExpiryYear,
          },
        }
      : undefined;
  return {
    ...summary(org, members),
    settings: {
      branding: {
        companyName: org.companyName,
        primaryColor: org.primaryColor,
        secondaryColor: org.secondaryColor,
      },
      security: { ssoEnabled: org.ssoEnabled, mfaRequired: org.mfaRequired },
    },
    subscription: {
      status: sub?.status ?? org.status,
      currentPeriodStart: iso(sub?.currentPeriodStart ?? org.createdAt),
      currentPeriodEnd: iso(sub?.currentPeriodEnd ?? org.createdAt),
      ...(billing ? { billing } : {}),
      usage: {
        users: { current: activeMembers, limit: org.maxUsers },
        metrics: { current: metrics, limit: org.maxMetrics },
        alerts: { current: alertCount, limit: org.maxAlerts },
        storage: { current: storage, limit: org.maxStorageBytes },
      },
    },
    limits: { features: org.features },
  };
}

export async function listMembers(db: Db, organizationId: string, userId?: string): Promise<Member[]> {
  const rows = await db
    .select({ membership: memberships, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        userId ? eq(memberships.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(memberships.joinedAt), asc(users.name));
  return rows.map(({ membership: m, name, email }) => ({
    id: m.id,
    userId: m.userId,
    user: { name, email },
    role: m.role,
    status: m.status,
    joinedAt: iso(m.joinedAt),
    lastActiveAt: m.lastActiveAt ? iso(m.lastActiveAt) : null,
  }));
}
