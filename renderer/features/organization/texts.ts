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
  description:
    'The current organization: overview, members and invitations, settings, billing, and usage against plan limits.',
  loading: 'Loading organization...',
  tabs: {
    overview: 'Overview',
    members: 'Members',
    settings: 'Settings',
    billing: 'Billing',
    usage: 'Usage & Limits',
  },
  /** A storage figure in megabytes (2 decimals, part 2 §9). */
  megabytes: (mb: string) => `${mb} MB`,
  overview: {
    detailsTitle: 'Organization details',
    fields: {
      name: 'Name',
      slug: 'Slug',
      created: 'Created',
      plan: 'Plan',
    },
    statsTitle: 'Quick stats',
    stats: {
      totalMembers: 'Total members',
      activeUsers: 'Active users',
      dashboards: 'Dashboards',
      activeAlerts: 'Active alerts',
      storageUsed: 'Storage used',
    },
    statsLoading: 'Loading…',
    statsFailed: 'Statistics are not available.',
  },
  members: {
    title: 'Members',
    /** The table's accessible name. */
    table: 'Members',
    invite: 'Invite Member',
    /** The column headers, by column id. */
    columns: {
      member: 'Member',
      role: 'Role',
      status: 'Status',
      joined: 'Joined',
      lastActive: 'Last active',
      actions: 'Actions',
    },
    failed: 'Members are not available.',
    /** A member's controls: the role select's and remove button's accessible names. */
    roleOf: (name: string) => `Role of ${name}`,
    removeName: (name: string) => `Remove ${name}`,
    remove: 'Remove',
    changeFailed: 'The change failed',
  },
  /** The invite form (part 2 §4, §5). */
  inviteForm: {
    /** The form's accessible name. */
    label: 'Invite member',
    email: 'Email',
    role: 'Role',
    send: 'Send Invite',
    cancel: 'Cancel',
    failed: 'The invitation failed',
  },
  settings: {
    title: 'Organization settings',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    saveFailed: 'Saving failed',
    /** The fields, in view and edit mode. */
    fields: {
      name: 'Name',
      companyName: 'Company name',
      primaryColor: 'Primary color',
      secondaryColor: 'Secondary color',
    },
    securityTitle: 'Security',
    sso: 'Single sign-on (SSO)',
    ssoEnabled: 'Enabled',
    ssoDisabled: 'Disabled',
    mfa: 'Multi-factor authentication (MFA)',
    mfaRequired: 'Required',
    mfaNotRequired: 'Not required',
  },
  billing: {
    title: 'Billing',
    fields: {
      plan: 'Plan',
      status: 'Status',
      currentPeriod: 'Current period',
      billingEmail: 'Billing email',
      paymentMethod: 'Payment method',
      expires: 'Expires',
    },
    /** The current period, from its formatted start to its formatted end. */
    period: (start: string, end: string) => `${start} – ${end}`,
    /** The payment card: its brand and last four digits. */
    card: (brand: string, last4: string) => `${brand} •••• ${last4}`,
    notSet: 'Not set',
  },
  usage: {
    title: 'Usage',
    meters: {
      users: 'Users',
      metrics: 'Metrics',
      alerts: 'Alerts',
      storage: 'Storage',
    },
    /** A meter's "current / limit" text (storage in MB) and its share of the limit. */
    count: (current: number, limit: number) => `${current} / ${limit}`,
    bytes: (currentMb: string, limitMb: string) => `${currentMb} MB / ${limitMb} MB`,
    detail: (usage: string, percent: number) => `${usage} (${percent}%)`,
    featuresTitle: 'Feature access',
    /** Said to screen readers after each feature's name. */
    featureEnabled: 'enabled',
    featureNotIncluded: 'not included',
    /** Words that read as acronyms in a feature's label. */
    acronyms: {
      api: 'API',
      sso: 'SSO',
      mfa: 'MFA',
      csv: 'CSV',
      sms: 'SMS',
    },
  },
  /** The header's organization switcher (part 1 §2, §4): its accessible name and text. */
  switcher: {
    label: (name: string) => `Organization: ${name}`,
    /** In its accessible name when no organization is current. */
    none: 'none',
    choose: 'Choose organization',
  },
} as const;
