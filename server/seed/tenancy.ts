/**
 * The demo tenants: ~24 childcare organizations across every plan and status, their members in every
 * member role, ~1,500 children, 5 weeks of weekday attendance, dashboards, alerts and subscriptions.
 * Deterministic (a seeded PRNG; dates count back from `now`) and inserted in multi-row chunks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  alerts,
  attendance,
  children,
  dashboards,
  memberships,
  organizations,
  subscriptions,
  users,
} from '../db/schema';
import {
  MEMBER_ROLES,
  ORGANIZATION_STATUSES,
  PLANS,
  type MemberRole,
  type OrganizationStatus,
  type Plan,
} from '../../shared/tenancy';
import { DEMO_PASSWORD_HASHES } from './demo-hashes';
import { DEMO_USERS } from './demo-users';

const DAY_MS = 86_400_000;

/** mulberry32: small, fast, and the same sequence everywhere. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const ORGANIZATION_NAMES = [
  'Sunshine Early Learning',
  'Little Acorns Childcare',
  'Bright Horizons Kids Club',
  'Rainbow Valley Preschool',
  'Tiny Steps Day Nursery',
  'Maple Grove Learning Center',
  'Happy Hearts Childcare Group',
  'Blue Sky Montessori',
  'Kinder Kastle Academy',
  'Willow Creek Kids',
  'Busy Bees Nursery Chain',
  'Stepping Stones Early Years',
  'Harbor Lights Preschool',
  'Sprouts & Saplings',
  'Cedar Park Childcare',
  'Starlight Learning Network',
  'Meadowbrook Day Care',
  'Seaside Tots',
  'Pinecone Play School',
  'Riverbend Early Education',
  'Golden Apple Kids Centers',
  'Hilltop Little Learners',
  'Wonder Years Childcare',
  'Lighthouse Kids Academy',
] as const;

const LIMITS: Record<Plan, { users: number; metrics: number; alerts: number; storage: number }> = {
  free: { users: 5, metrics: 5, alerts: 10, storage: 50 * 1_048_576 },
  starter: { users: 15, metrics: 20, alerts: 50, storage: 500 * 1_048_576 },
  professional: { users: 50, metrics: 100, alerts: 200, storage: 5 * 1_073_741_824 },
  enterprise: { users: 500, metrics: 1000, alerts: 2000, storage: 50 * 1_073_741_824 },
};
const FEATURES: Record<Plan, Record<string, boolean>> = {
  free: { attendance: true, billing: false, analytics: false, sso: false, api: false },
  starter: { attendance: true, billing: true, analytics: false, sso: false, api: false },
  professional: { attendance: true, billing: true, analytics: true, sso: false, api: true },
  enterprise: { attendance: true, billing: true, analytics: true, sso: true, api: true },
};

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Eli', 'Ivy', 'Leo', 'Ada', 'Kai', 'Ruby', 'Omar'];
const MORE_FIRST = ['Nora', 'Finn', 'Isla', 'Jude', 'Lena', 'Milo', 'Rosa', 'Theo', 'Yara', 'Ezra'];
const LAST = ['Nguyen', 'Garcia', 'Smith', 'Okafor', 'Kowalski', 'Patel', 'Larsen', 'Rossi', 'Kim', 'Silva'];
const CLASSROOMS = ['Infants', 'Toddlers', 'Twos', 'Preschool', 'Pre-K'];
const DASHBOARDS = ['Attendance', 'Enrollment', 'Staffing', 'Billing', 'Classrooms', 'Incidents', 'Meals'];
const ALERTS = ['Ratio below target', 'Late pick-up', 'Allergy form missing', 'Invoice overdue', 'Low staff'];
const SEVERITIES = ['low', 'medium', 'high', 'critical', 'info'] as const;
const BRANDS = ['visa', 'mastercard', 'amex'];

/** Fixed ids: tests and the console's demo can name organizations. */
export const demoOrganizationId = (index: number) =>
  `10000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const demoMemberId = (index: number) => `20000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

export const DEMO_ORGANIZATION_COUNT = ORGANIZATION_NAMES.length;
/** Sunshine Early Learning: director@demo.example is its owner. */
export const FIRST_DEMO_ORGANIZATION_ID = demoOrganizationId(0);

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const demoUser = (email: string) => {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
};

/**
 * Days of demo attendance. The console reads 30 of them (the dashboard's center health, the organizations
 * export: the 30 days before today); every day more is ~1,250 rows that a first start weeks after the
 * build moves (issue 29: 90 days were 0.55 s of a 4.4 s first launch). Five whole weeks: 25 weekdays.
 */
export const ATTENDANCE_DAYS = 35;

export async function insertDemoTenants(db: Db, now: number): Promise<void> {
  const random = createRandom(20_260_301);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const memberPasswordHash = DEMO_PASSWORD_HASHES['staff@demo.example'];

  const orgRows: (typeof organizations.$inferInsert)[] = [];
  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const memberRows: (typeof memberships.$inferInsert)[] = [];
  const childRows: (typeof children.$inferInsert)[] = [];
  const dashboardRows: (typeof dashboards.$inferInsert)[] = [];
  const alertRows: (typeof alerts.$inferInsert)[] = [];
  let memberIndex = 0;
  let childIndex = 0;

  ORGANIZATION_NAMES.forEach((name, i) => {
    const id = demoOrganizationId(i);
    const plan: Plan = i === 0 ? 'professional' : (PLANS[i % PLANS.length] as Plan);
    const status: OrganizationStatus =
      i < 2 ? 'active' : (ORGANIZATION_STATUSES[(i + Math.floor(i / 4)) % 4] as OrganizationStatus);
    const limits = LIMITS[plan];
    const createdAt = new Date(today - random.int(120, 900) * DAY_MS);
    orgRows.push({
      id,
      name,
      slug: slugify(name),
      plan,
      status,
      type: /chain|group|network|centers/i.test(name) ? 'childcare_chain' : 'childcare_center',
      createdAt,
      companyName: name,
      ssoEnabled: plan === 'enterprise',
      mfaRequired: plan === 'enterprise' || plan === 'professional',
      features: FEATURES[plan],
      maxUsers: limits.users,
      maxMetrics: limits.metrics,
      maxAlerts: limits.alerts,
      maxStorageBytes: limits.storage,
    });
    const periodStart = today - random.int(0, 27) * DAY_MS;
    subscriptionRows.push({
      organizationId: id,
      status,
      currentPeriodStart: new Date(periodStart),
      currentPeriodEnd: new Date(periodStart + 30 * DAY_MS),
      billingEmail: `billing@${slugify(name)}.demo.example`,
      paymentBrand: random.pick(BRANDS),
      paymentLast4: String(random.int(1000, 9999)),
      paymentExpiryMonth: random.int(1, 12),
      paymentExpiryYear: new Date(now).getUTCFullYear() + random.int(1, 4),
    });

    // One member per role (the first organization's owner is director@demo.example), some extras.
    const roles: MemberRole[] = [...MEMBER_ROLES, ...(i % 3 === 0 ? (['operator', 'viewer'] as const) : [])];
    roles.forEach((role, r) => {
      if (i === 0 && role === 'owner') return;
      const first = random.pick(MORE_FIRST);
      const last = random.pick(LAST);
      const userId = demoMemberId(++memberIndex);
      // Drawn in the order the dataset always drew them, so that every other value stays as it was.
      const joinedAt = new Date(createdAt.getTime() + random.int(0, 60) * DAY_MS);
      const lastActiveAt = random.next() < 0.8 ? new Date(now - random.int(0, 50) * DAY_MS) : null;
      userRows.push({
        id: userId,
        email: `${first}.${last}.${memberIndex}@${slugify(name)}.demo.example`.toLowerCase(),
        name: `${first} ${last}`,
        role: role === 'owner' || role === 'admin' ? 'center_admin' : 'staff',
        passwordHash: memberPasswordHash,
        status: 'active',
        centerId: id,
        lastLoginAt: lastActiveAt,
        createdAt,
        updatedAt: createdAt,
      });
      memberRows.push({
        organizationId: id,
        userId,
        role,
        status:
          r === roles.length - 1 && i % 5 === 4 ? 'suspended' : i % 4 === 1 && r > 3 ? 'trial' : 'active',
        joinedAt,
        lastActiveAt,
      });
    });

    const childCount = random.int(35, 90);
    for (let c = 0; c < childCount; c++) {
      const first = random.pick(random.next() < 0.5 ? FIRST : MORE_FIRST);
      const last = random.pick(LAST);
      const enrolledDaysAgo = random.next() < 0.85 ? random.int(100, 700) : random.int(1, 99);
      childRows.push({
        id: `30000000-0000-4000-8000-${(++childIndex).toString(16).padStart(12, '0')}`,
        organizationId: id,
        firstName: first,
        lastName: last,
        dateOfBirth: isoDay(today - random.int(200, 5 * 365) * DAY_MS),
        classroom: random.pick(CLASSROOMS),
        status: random.next() < 0.05 ? 'withdrawn' : 'enrolled',
        enrolledAt: new Date(today - enrolledDaysAgo * DAY_MS),
        guardianName: `${random.pick(MORE_FIRST)} ${last}`,
        guardianEmail: `${last.toLowerCase()}.family${childIndex}@parents.demo.example`,
      });
    }
    for (let d = random.int(2, Math.min(8, limits.metrics)); d > 0; d--) {
      dashboardRows.push({ organizationId: id, name: `${random.pick(DASHBOARDS)} ${d}`, createdAt });
    }
    // Free plans sit at their alert limit, to show a reached limit.
    const alertCount = plan === 'free' ? limits.alerts : random.int(0, 12);
    for (let a = 0; a < alertCount; a++) {
      alertRows.push({
        organizationId: id,
        title: random.pick(ALERTS),
        severity: random.pick(SEVERITIES),
        status: random.next() < 0.6 ? 'active' : 'resolved',
        createdAt: new Date(now - random.int(0, 30) * DAY_MS),
      });
    }
  });

  // The demo accounts: director owns the first organization, manages the second and views the third;
  // teacher and staff work in the first. admin@demo.example is a member of none (centers.view_all
  // shows it everything).
  const first = demoOrganizationId(0);
  const joined = new Date(today - 200 * DAY_MS);
  const seen = new Date(now);
  memberRows.push(
    {
      organizationId: first,
      userId: demoUser('director@demo.example'),
      role: 'owner',
      joinedAt: joined,
      lastActiveAt: seen,
    },
    {
      organizationId: demoOrganizationId(1),
      userId: demoUser('director@demo.example'),
      role: 'manager',
      joinedAt: joined,
      lastActiveAt: seen,
    },
    // A viewer who can sign in to the console: the screens' read-only case (no Billing tab).
    {
      organizationId: demoOrganizationId(2),
      userId: demoUser('director@demo.example'),
      role: 'viewer',
      joinedAt: joined,
      lastActiveAt: seen,
    },
    {
      organizationId: first,
      userId: demoUser('teacher@demo.example'),
      role: 'operator',
      joinedAt: joined,
      lastActiveAt: seen,
    },
    {
      organizationId: first,
      userId: demoUser('staff@demo.example'),
      role: 'viewer',
      joinedAt: joined,
      lastActiveAt: null,
    },
  );

  await db.insert(organizations).values(orgRows);
  await db.insert(subscriptions).values(subscriptionRows);
  await insertChunks(userRows, 500, (chunk) => db.insert(users).values(chunk));
  await insertChunks(memberRows, 1000, (chunk) => db.insert(memberships).values(chunk));
  await insertChunks(childRows, 1000, (chunk) => db.insert(children).values(chunk));
  await insertChunks(dashboardRows, 1000, (chunk) => db.insert(dashboards).values(chunk));
  await insertChunks(alertRows, 1000, (chunk) => db.insert(alerts).values(chunk));

  await insertDemoAttendance(db, { from: today - ATTENDANCE_DAYS * DAY_MS, to: today });
}

/**
 * Weekday attendance of the UTC days [from, to): ~88 % of enrolled children are present. Made by the
 * database in one statement (~30,000 rows for the seed's five weeks); a hash of child and day stands in for
 * the PRNG, so the same children on the same days give the same rows. The seed makes the ATTENDANCE_DAYS
 * before its day; a first start the days a move by whole weeks leaves out (anchor.ts, `weekly`).
 */
export async function insertDemoAttendance(db: Db, days: { from: number; to: number }): Promise<void> {
  const from = new Date(days.from);
  const to = new Date(days.to - DAY_MS);
  await db.execute(sql`
    insert into ${attendance} (organization_id, child_id, date, check_in_at, check_out_at)
    select c.organization_id, c.id, d::date,
           d + make_interval(mins => 420 + x.h % 150),
           d + make_interval(mins => 420 + x.h % 150 + 360 + (x.h / 150) % 240)
    from ${children} c
    cross join generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') d
    cross join lateral (select abs(hashtext(c.id::text || d::date::text)) as h) x
    where c.status = 'enrolled' and c.enrolled_at <= d and extract(isodow from d at time zone 'UTC') < 6
      and (x.h / 7) % 100 < 88`);
}
