/** What the Role & Permission Management screen says (part 2 §2, §5, §6, §8), in one place. */
export const ROLE_PERMISSIONS_TEXTS = {
  description:
    'Roles and the permissions they grant, kept on the server: a change holds for everyone at their next session check, and is audited.',
  createRole: 'Create Role',
  loading: 'Loading roles...',
  /** The screen guards itself with its own text (part 2 §8). */
  denied: {
    requirement: 'Required permission: roles.read',
    message: "You don't have permission to access role management",
  },
  tabs: {
    roles: 'Roles',
    permissions: 'Permissions',
    matrix: 'Permission Matrix',
    templates: 'Role Templates',
  },
  /** The search box: its label is hidden. */
  search: {
    label: 'Search roles and permissions',
    placeholder: 'Search roles and permissions...',
  },
  /** The Filter button's popover: by role kind and by resource. */
  filter: {
    button: 'Filter',
    kind: 'Role type',
    kinds: { all: 'All roles', system: 'System roles', custom: 'Custom roles' },
    resource: 'Resource',
    allResources: 'All resources',
    clear: 'Clear filters',
  },
  /** What a tab shows when the search and filters leave nothing. */
  empty: {
    roles: 'No roles match the search and filters.',
    permissions: 'No permissions match the search and filters.',
    matrix: 'Nothing matches the search and filters.',
  },
  /** The badge of a role's kind. */
  kind: { system: 'System', custom: 'Custom' },
  /** A role's card on the Roles tab. */
  roleCard: {
    noDescription: 'No description',
    edit: 'Edit role',
    editRole: (name: string) => `Edit ${name}`,
    delete: 'Delete role',
    deleteRole: (name: string) => `Delete ${name}`,
    summary: (permissions: number, users: number) =>
      `${permissions} permissions · ${users} ${users === 1 ? 'user' : 'users'}`,
    permissionsOf: (name: string) => `Permissions of ${name}`,
    remove: (permission: string, name: string) => `Remove ${permission} from ${name}`,
    addPermissionTo: (name: string) => `Add a permission to ${name}`,
    addPermission: 'Add permission…',
  },
  /** A failed toggle, on a card or in the matrix, without a message of its own. */
  toggleFailed: 'The permission could not be changed',
  /** The Permissions tab: how many roles hold a permission (their names on hover). */
  heldBy: (count: number) => `${count} ${count === 1 ? 'role' : 'roles'}`,
  matrix: {
    readOnly: 'You can see the matrix; changing it needs roles.update.',
    permission: 'Permission',
    /** Under a system role's name. */
    system: 'system',
    /** A cell's accessible name. */
    cell: (role: string, permission: string) => `${role}: ${permission}`,
  },
  templates: {
    previewOf: (name: string) => `Preview of ${name}`,
    /** After the first three permissions of a template (part 2 §9). */
    more: (count: number) => `+${count} more`,
    permissions: (count: number) => `${count} permissions`,
    createNeeded: 'Creating roles needs roles.create',
    use: 'Use Template',
  },
  dialogs: {
    create: {
      title: 'Create Role',
      submit: 'Create Role',
      failed: 'The role could not be created',
      permissions: (selected: number) => `Permissions (${selected} selected)`,
    },
    edit: {
      title: 'Edit Role',
      submit: 'Save Changes',
      failed: 'The role could not be changed',
    },
    /** Part 2 §5: deletion asks 'Delete role "{name}"?'. */
    delete: {
      title: 'Delete Role',
      confirmation: (name: string) => `Delete role "${name}"?`,
      failed: 'The role could not be deleted',
      submit: 'Delete',
    },
    fields: { name: 'Role Name', description: 'Description' },
    cancel: 'Cancel',
  },
} as const;
