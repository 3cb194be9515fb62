/** What the organization screens say (part 1 §8), in one place. */
export const ORGANIZATION_TEXTS = {
  /** Load failures are only logged, with these texts; the screen shows a quiet state instead. */
  loadFailed: {
    current: 'Could not load the current organization',
    list: 'Could not load the organizations',
    context: 'Could not load the organization context',
    detail: 'Could not load the organization',
    members: 'Could not load the members',
    stats: 'Could not load the organization stats',
  },
  /** Why a member's controls are disabled. */
  reasons: {
    manageMembers: 'You need permission to manage members',
    manageOrganization: 'You need permission to manage the organization',
    owner: 'The owner cannot be removed or given another role',
  },
  switchFailed: 'Switching organization failed',
} as const;
