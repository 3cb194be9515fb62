/**
 * The permission catalogue and the six system roles of the spec (part 1 §6, part 2 §6).
 * Ids have the form `resource.action`; the server and the console read them from here only.
 */

/** id → description. Every permission named in either spec document. */
const CATALOGUE = {
  'platform.manage': 'Manage the platform: integrations, API keys and webhooks',
  'centers.view_all': 'See every center (organization) on the platform',
  'centers.manage': 'Create, change and suspend centers',
  'analytics.view_platform': 'See platform-wide analytics',
  'billing.manage': 'Manage plans, subscriptions and invoices',
  'billing.view': 'See billing information',
  'system.view_health': 'See system health and API performance',
  'users.manage': 'Create, change and deactivate platform users',
  'reports.view_financial': 'See financial reports and cost figures',
  'center.manage': 'Manage a center',
  'center.view_analytics': "See a center's analytics",
  'center.manage_settings': "Change a center's settings",
  'staff.manage': "Manage a center's staff",
  'children.manage': "Manage a center's children",
  'classroom.manage': 'Manage classrooms',
  'students.view_profiles': 'See student profiles',
  'activities.manage': 'Plan and record activities',
  'activities.assist': 'Assist with activities',
  'photos.upload': 'Upload photos',
  'messages.send_parent': 'Send messages to parents',
  'messages.send_teacher': 'Send messages to teachers',
  'assessments.create': 'Create assessments',
  'attendance.view': 'See attendance',
  'attendance.manage': 'Record check-ins and check-outs',
  'child.view_profile': "See one's child's profile",
  'child.view_photos': "See one's child's photos",
  'child.view_reports': "See one's child's reports",
  'child.manage_info': "Change one's child's information",
  'info.view_basic': 'See basic center information',
  'dashboard.read': 'Open the executive dashboard',
  'alerts.read': 'See alerts and alert rules',
  'alerts.create': 'Create alert rules',
  'alerts.update': 'Change, pause and acknowledge alerts and rules',
  'alerts.delete': 'Delete alert rules',
  'audit.read': 'Read the audit trail',
  'settings.read': 'See system settings',
  'settings.update': 'Change system settings',
  'roles.create': 'Create roles',
  'roles.read': 'See roles and permissions',
  'roles.update': 'Change roles and their permissions',
  'roles.delete': 'Delete custom roles',
  'backups.manage': 'Run, configure and restore database backups',
} as const satisfies Record<string, string>;

export type PermissionId = keyof typeof CATALOGUE;

export interface Permission {
  id: PermissionId;
  name: string;
  description: string;
  resource: string;
  action: string;
}

function humanize(text: string): string {
  const words = text.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const PERMISSIONS: readonly Permission[] = (Object.entries(CATALOGUE) as [PermissionId, string][]).map(
  ([id, description]) => {
    const [resource = id, action = ''] = id.split('.');
    return { id, name: `${humanize(action)} ${resource.replace(/_/g, ' ')}`, description, resource, action };
  },
);

export const PERMISSION_IDS = PERMISSIONS.map((p) => p.id);

export function isPermissionId(id: string): id is PermissionId {
  return Object.hasOwn(CATALOGUE, id);
}

export const SYSTEM_ROLE_IDS = [
  'super_admin',
  'app_owner',
  'center_admin',
  'teacher',
  'parent',
  'staff',
] as const;
export type SystemRoleId = (typeof SYSTEM_ROLE_IDS)[number];

export interface SystemRole {
  id: SystemRoleId;
  name: string;
  description: string;
  permissions: readonly PermissionId[];
}

const TEACHER: readonly PermissionId[] = [
  'classroom.manage',
  'students.view_profiles',
  'activities.manage',
  'photos.upload',
  'messages.send_parent',
  'assessments.create',
  'attendance.view',
  'attendance.manage',
];

/** Exactly the table of part 1 §6; super_admin holds every permission of the catalogue. */
export const SYSTEM_ROLES: readonly SystemRole[] = [
  {
    id: 'super_admin',
    name: 'Super Admin',
    description: 'Full access to every part of the platform',
    permissions: PERMISSION_IDS,
  },
  {
    id: 'app_owner',
    name: 'App Owner',
    description: 'Runs the platform business: centers, billing, analytics and users',
    permissions: [
      'platform.manage',
      'centers.view_all',
      'centers.manage',
      'analytics.view_platform',
      'billing.manage',
      'system.view_health',
      'users.manage',
      'reports.view_financial',
    ],
  },
  {
    id: 'center_admin',
    name: 'Center Admin',
    description: 'Runs one center: staff, children, classrooms and its figures',
    permissions: [
      'center.manage',
      'center.view_analytics',
      'staff.manage',
      'children.manage',
      'reports.view_financial',
      'center.manage_settings',
      ...TEACHER,
      'dashboard.read',
    ],
  },
  {
    id: 'teacher',
    name: 'Teacher',
    description: 'Works in a classroom',
    permissions: TEACHER,
  },
  {
    id: 'parent',
    name: 'Parent',
    description: 'Parent of a child at a center',
    permissions: [
      'child.view_profile',
      'child.view_photos',
      'child.view_reports',
      'messages.send_teacher',
      'billing.view',
      'child.manage_info',
    ],
  },
  {
    id: 'staff',
    name: 'Staff',
    description: 'Center staff other than teachers',
    permissions: ['info.view_basic', 'activities.assist', 'attendance.view'],
  },
];

export function systemRole(id: string): SystemRole | undefined {
  return SYSTEM_ROLES.find((r) => r.id === id);
}

export function roleDisplayName(id: string): string {
  return systemRole(id)?.name ?? humanize(id);
}
