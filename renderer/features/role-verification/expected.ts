/**
 * What part 2 §6 expects of the system roles (stated permission counts, redirects), the permission
 * categories of the bars, and the testing checklist with the outcome each role should see.
 */
import type { RoleCheck } from '../../../shared/bridge/contract';

export interface ExpectedRole {
  id: string;
  /** The count the spec states (super_admin: "26 stated; the list holds 29"). */
  statedCount: number;
  redirect: string;
}

export const EXPECTED_ROLES: readonly ExpectedRole[] = [
  { id: 'super_admin', statedCount: 26, redirect: '/super-admin' },
  { id: 'app_owner', statedCount: 8, redirect: '/app-owner-dashboard' },
  { id: 'center_admin', statedCount: 15, redirect: '/center-admin' },
  { id: 'teacher', statedCount: 8, redirect: '/teacher-dashboard' },
  { id: 'parent', statedCount: 6, redirect: '/parent-dashboard' },
  { id: 'staff', statedCount: 3, redirect: '/dashboard' },
];

export const CATEGORIES = ['Platform', 'Console', 'Center', 'Classroom', 'Parent'] as const;
export type Category = (typeof CATEGORIES)[number];

const BY_ID: Record<string, Category> = {
  'billing.manage': 'Platform',
  'billing.view': 'Parent',
  'messages.send_teacher': 'Parent',
  'messages.send_parent': 'Classroom',
  'activities.assist': 'Classroom',
};
const BY_RESOURCE: Record<string, Category> = {
  platform: 'Platform',
  centers: 'Platform',
  analytics: 'Platform',
  system: 'Platform',
  users: 'Platform',
  reports: 'Platform',
  dashboard: 'Console',
  alerts: 'Console',
  audit: 'Console',
  settings: 'Console',
  roles: 'Console',
  center: 'Center',
  staff: 'Center',
  children: 'Center',
  info: 'Center',
  classroom: 'Classroom',
  students: 'Classroom',
  activities: 'Classroom',
  photos: 'Classroom',
  assessments: 'Classroom',
  attendance: 'Classroom',
  child: 'Parent',
};

export function categoryOf(permissionId: string): Category {
  return BY_ID[permissionId] ?? BY_RESOURCE[permissionId.split('.')[0] ?? ''] ?? 'Platform';
}

export interface CategoryBar {
  category: Category;
  granted: number;
  total: number;
  percent: number;
}

/** One bar per category: how much of it the permissions cover. Empty categories are left out. */
export function categoryBars(granted: readonly string[], catalogue: readonly string[]): CategoryBar[] {
  const held = new Set(granted);
  return CATEGORIES.map((category) => {
    const ids = catalogue.filter((id) => categoryOf(id) === category);
    const count = ids.filter((id) => held.has(id)).length;
    return {
      category,
      granted: count,
      total: ids.length,
      percent: ids.length === 0 ? 0 : Math.round((count / ids.length) * 100),
    };
  }).filter((bar) => bar.total > 0);
}

export interface ChecklistItem {
  id: RoleCheck['id'];
  label: string;
  /** The permission the call needs; null: any signed-in user. */
  permission: string | null;
}

export const CHECKLIST: readonly ChecklistItem[] = [
  { id: 'session', label: "Read the signed-in user's session", permission: null },
  { id: 'centers', label: 'List every center', permission: 'centers.view_all' },
  {
    id: 'centerAnalytics',
    label: "Read the current center's analytics",
    permission: 'center.view_analytics',
  },
];

/** Whether the call should succeed for someone holding these permissions. */
export function expectedAllowed(item: ChecklistItem, permissions: readonly string[]): boolean {
  return item.permission === null || permissions.includes(item.permission);
}
