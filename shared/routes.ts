/**
 * The console's routes (part 1 §2), their titles, navigation groups and guards, from one table.
 * The renderer builds its router, navigation and guards from it; the server uses it to decide whether
 * a role may sign in to the console at all.
 */
import type { PermissionId, SystemRoleId } from './permissions';

export type RouteGuard =
  | { kind: 'permission'; permission: PermissionId }
  /** An exact role match (part 1 §5). */
  | { kind: 'role'; role: SystemRoleId }
  /** Any member of the current organization. */
  | { kind: 'member' }
  /** The screen guards itself with its own text (role management, part 2 §2). */
  | { kind: 'self'; permission: string };

export const NAV_GROUPS = [
  'Dashboard',
  'Monitoring',
  'Management',
  'Administration',
  'Security & Roles',
  'System',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface ConsoleRoute {
  path: string;
  title: string;
  group: NavGroup;
  guard: RouteGuard;
}

const perm = (permission: PermissionId): RouteGuard => ({ kind: 'permission', permission });

export const CONSOLE_ROUTES = [
  { path: '/dashboard', title: 'Executive Dashboard', group: 'Dashboard', guard: perm('dashboard.read') },
  {
    path: '/cost-optimization',
    title: 'Cost Optimization',
    group: 'Dashboard',
    guard: perm('reports.view_financial'),
  },
  { path: '/analytics', title: 'User Analytics', group: 'Dashboard', guard: perm('analytics.view_platform') },
  { path: '/system-health', title: 'System Health', group: 'Monitoring', guard: perm('system.view_health') },
  {
    path: '/api-performance',
    title: 'API Performance',
    group: 'Monitoring',
    guard: perm('system.view_health'),
  },
  { path: '/alerts', title: 'Alert Management', group: 'Monitoring', guard: perm('alerts.read') },
  { path: '/alert-rules', title: 'Alert Rules', group: 'Monitoring', guard: perm('alerts.read') },
  { path: '/users', title: 'User Management', group: 'Management', guard: perm('users.manage') },
  { path: '/organization', title: 'Organization', group: 'Management', guard: { kind: 'member' } },
  {
    path: '/reports',
    title: 'Advanced Reporting',
    group: 'Management',
    guard: perm('reports.view_financial'),
  },
  {
    path: '/integrations',
    title: 'Integration Management',
    group: 'Management',
    guard: perm('platform.manage'),
  },
  { path: '/audit-logs', title: 'Audit Logs', group: 'Administration', guard: perm('audit.read') },
  {
    path: '/backup-recovery',
    title: 'Backup & Recovery',
    group: 'Administration',
    guard: { kind: 'role', role: 'super_admin' },
  },
  {
    path: '/role-permissions',
    title: 'Role & Permission Management',
    group: 'Security & Roles',
    guard: { kind: 'self', permission: 'roles.read' },
  },
  {
    path: '/role-verification',
    title: 'Role Verification',
    group: 'Security & Roles',
    guard: perm('roles.read'),
  },
  { path: '/settings', title: 'System Settings', group: 'System', guard: perm('settings.read') },
] as const satisfies readonly ConsoleRoute[];

export type ConsolePath = (typeof CONSOLE_ROUTES)[number]['path'];

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

export interface GuardSubject {
  role: string;
  permissions: readonly string[];
  /** Whether the user belongs to the current organization (true until tenancy says otherwise). */
  isMember?: boolean;
}

/** Whether the subject passes a route guard. `self` guards are decided by their screen. */
export function passesGuard(guard: RouteGuard, subject: GuardSubject): boolean {
  switch (guard.kind) {
    case 'permission':
      return subject.permissions.includes(guard.permission);
    case 'role':
      return subject.role === guard.role;
    case 'member':
      return subject.isMember ?? true;
    case 'self':
      return true;
  }
}

/**
 * Whether the navigation lists a route for the subject: the routes it may open, where a `self` screen
 * counts as open only with the permission that screen asks for (the others see its own refusal text).
 */
export function showsInNavigation(guard: RouteGuard, subject: GuardSubject): boolean {
  return guard.kind === 'self' ? subject.permissions.includes(guard.permission) : passesGuard(guard, subject);
}

/** Permissions that open at least one screen of the console. */
export const CONSOLE_PERMISSIONS: ReadonlySet<string> = new Set(
  CONSOLE_ROUTES.flatMap((r) => (r.guard.kind === 'permission' ? [r.guard.permission] : [])).concat(
    'roles.read',
  ),
);

/**
 * A role may sign in to the console when it opens at least one permission-guarded screen,
 * or matches a role guard exactly. Teachers, parents and staff are refused at sign-in.
 */
export function hasConsoleAccess(role: string, permissions: readonly string[]): boolean {
  if (CONSOLE_ROUTES.some((r) => r.guard.kind === 'role' && r.guard.role === role)) return true;
  return permissions.some((p) => CONSOLE_PERMISSIONS.has(p));
}

/** The first route the user may open: where a sign-in lands when /dashboard is not allowed. */
export function firstAllowedPath(subject: GuardSubject): string {
  const route = CONSOLE_ROUTES.find(
    (r) => r.guard.kind !== 'member' && r.guard.kind !== 'self' && passesGuard(r.guard, subject),
  );
  return route?.path ?? HOME_PATH;
}
