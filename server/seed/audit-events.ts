/**
 * What the seeded audit trail says happened: the pairs the audited endpoints write (their `audit`
 * declarations in shared/api), with the severity they declare and details shaped like theirs, so that the
 * demo reads like a month of real work. A unit test holds every pair to the audited endpoints.
 */
import type { AuditAction, AuditSeverity } from '../../shared/api/audit';
import { EXPORT_FORMATS, EXPORT_TYPES } from '../../shared/api/exports';
import { PERMISSION_IDS, SYSTEM_ROLE_IDS } from '../../shared/permissions';
import { INVITE_ROLES, MEMBER_ROLES } from '../../shared/tenancy';

export interface AuditEventTools {
  /** One of the items, at random. */
  pick<T>(items: readonly T[]): T;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  uuid(): string;
  /** The record's instant. */
  at: Date;
}

export interface SeededEvent {
  resourceId: string | null;
  details: Record<string, unknown>;
}

export interface AuditEventKind {
  action: AuditAction;
  resource: string;
  /** The severity of a success, as the endpoint declares it; a failure is one step higher. */
  severity: AuditSeverity;
  /** Whether the change belongs to one organization (the record then names it). */
  tenant: boolean;
  /** How often it happens, relative to the others. */
  weight: number;
  make(tools: AuditEventTools): SeededEvent;
}

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Leo', 'Nora', 'Owen'];
const LAST_NAMES = ['Garcia', 'Chen', 'Okafor', 'Novak', 'Silva', 'Haddad', 'Larsen', 'Moreau'];
const CUSTOM_ROLES = ['Billing reviewer', 'Support lead', 'Regional auditor', 'Onboarding coach'];
const COLORS = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0f766e'];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const personEmail = (t: AuditEventTools) =>
  `${t.pick(FIRST_NAMES).toLowerCase()}.${t.pick(LAST_NAMES).toLowerCase()}@example.com`;

/** Sessions are written by the generator itself, which pairs each sign-out with a sign-in before it. */
export const LOGIN: AuditEventKind = {
  action: 'LOGIN',
  resource: 'session',
  severity: 'low',
  tenant: false,
  weight: 0,
  make: () => ({ resourceId: null, details: {} }),
};
export const LOGOUT: AuditEventKind = { ...LOGIN, action: 'LOGOUT' };

/** The changes a signed-in administrator makes between signing in and out. */
export const AUDIT_EVENT_KINDS: readonly AuditEventKind[] = [
  {
    action: 'EXPORT',
    resource: 'export',
    severity: 'medium',
    tenant: false,
    weight: 8,
    make: (t) => ({
      resourceId: t.uuid(),
      details: { type: t.pick(EXPORT_TYPES), format: t.pick(EXPORT_FORMATS), rowCount: t.int(12, 4_800) },
    }),
  },
  {
    action: 'IMPORT',
    resource: 'cloud_costs',
    severity: 'medium',
    tenant: false,
    weight: 3,
    make: (t) => {
      const days = t.int(7, 31);
      const to = t.at.getTime() - DAY_MS;
      return {
        resourceId: null,
        details: { days, from: isoDay(to - (days - 1) * DAY_MS), to: isoDay(to) },
      };
    },
  },
  {
    action: 'UPDATE',
    resource: 'acquisition_spend',
    severity: 'medium',
    tenant: false,
    weight: 2,
    make: (t) => {
      const month = isoDay(t.at.getTime()).slice(0, 7);
      const previous = 300_000 + t.int(0, 15) * 10_000;
      return {
        resourceId: month,
        details: { month, amount: (previous + t.int(1, 5) * 10_000) / 100, previousAmount: previous / 100 },
      };
    },
  },
  {
    action: 'UPDATE',
    resource: 'organization',
    severity: 'medium',
    tenant: true,
    weight: 4,
    make: (t) => ({
      resourceId: null,
      details: {
        changes:
          t.int(0, 1) === 0
            ? { primaryColor: t.pick(COLORS) }
            : { companyName: `${t.pick(LAST_NAMES)} Care` },
      },
    }),
  },
  {
    action: 'CREATE',
    resource: 'invite',
    severity: 'medium',
    tenant: true,
    weight: 6,
    make: (t) => ({ resourceId: t.uuid(), details: { email: personEmail(t), role: t.pick(INVITE_ROLES) } }),
  },
  {
    action: 'UPDATE',
    resource: 'member',
    severity: 'medium',
    tenant: true,
    weight: 4,
    make: (t) => {
      const from = t.pick(MEMBER_ROLES.filter((r) => r !== 'owner'));
      const to = t.pick(MEMBER_ROLES.filter((r) => r !== 'owner' && r !== from));
      return { resourceId: t.uuid(), details: { from, to } };
    },
  },
  {
    action: 'DELETE',
    resource: 'member',
    severity: 'high',
    tenant: true,
    weight: 1,
    make: (t) => ({
      resourceId: t.uuid(),
      details: { role: t.pick(MEMBER_ROLES.filter((r) => r !== 'owner')), email: personEmail(t) },
    }),
  },
  {
    action: 'CREATE',
    resource: 'child',
    severity: 'low',
    tenant: true,
    weight: 6,
    make: (t) => ({ resourceId: t.uuid(), details: { status: 'enrolled' } }),
  },
  {
    action: 'UPDATE',
    resource: 'child',
    severity: 'low',
    tenant: true,
    weight: 4,
    make: (t) => ({ resourceId: t.uuid(), details: { status: t.pick(['enrolled', 'withdrawn'] as const) } }),
  },
  {
    action: 'DELETE',
    resource: 'child',
    severity: 'medium',
    tenant: true,
    weight: 1,
    make: (t) => ({ resourceId: t.uuid(), details: {} }),
  },
  {
    action: 'UPDATE',
    resource: 'attendance',
    severity: 'low',
    tenant: true,
    weight: 10,
    make: (t) => {
      const childId = t.uuid();
      return {
        resourceId: childId,
        details: {
          action: t.pick(['check_in', 'check_out'] as const),
          childId,
          attendanceId: t.uuid(),
          at: t.at.toISOString(),
        },
      };
    },
  },
  {
    action: 'CREATE',
    resource: 'role',
    severity: 'medium',
    tenant: false,
    weight: 1,
    make: (t) => ({
      resourceId: t.uuid(),
      details: { name: t.pick(CUSTOM_ROLES), permissions: [t.pick(PERMISSION_IDS), t.pick(PERMISSION_IDS)] },
    }),
  },
  {
    action: 'UPDATE',
    resource: 'role',
    severity: 'medium',
    tenant: false,
    weight: 1,
    make: (t) => {
      const name = t.pick(CUSTOM_ROLES);
      return { resourceId: t.uuid(), details: { name: `${name} (EU)`, previousName: name } };
    },
  },
  {
    action: 'DELETE',
    resource: 'role',
    severity: 'high',
    tenant: false,
    weight: 1,
    make: (t) => ({ resourceId: t.uuid(), details: { name: t.pick(CUSTOM_ROLES) } }),
  },
  {
    action: 'UPDATE',
    resource: 'role_permission',
    severity: 'high',
    tenant: false,
    weight: 2,
    make: (t) => ({
      resourceId: t.pick(SYSTEM_ROLE_IDS),
      details: { change: t.pick(['grant', 'revoke'] as const), permissionId: t.pick(PERMISSION_IDS) },
    }),
  },
  {
    action: 'UPDATE',
    resource: 'user_role',
    severity: 'high',
    tenant: false,
    weight: 1,
    make: (t) => {
      const previousRoleId = t.pick(SYSTEM_ROLE_IDS);
      return {
        resourceId: t.uuid(),
        details: { roleId: t.pick(SYSTEM_ROLE_IDS.filter((r) => r !== previousRoleId)), previousRoleId },
      };
    },
  },
  {
    action: 'CREATE',
    resource: 'user',
    severity: 'medium',
    tenant: false,
    weight: 1,
    make: (t) => ({
      resourceId: t.uuid(),
      details: { email: personEmail(t), role: t.pick(SYSTEM_ROLE_IDS) },
    }),
  },
];
