/** What the executive dashboard says (part 1 §2), in one place. */
export const DASHBOARD_TEXTS = {
  /** The header's description: whose figures, for the header's date range (its label, lower-cased). */
  description: (platformWide: boolean, rangeLabel: string) =>
    `${platformWide ? 'Platform-wide' : "Your organization's"} figures, ${rangeLabel.toLowerCase()}; refreshed every 30 seconds.`,
  loadFailed: (message: string) => `Could not load the figures: ${message}`,
  /** The cards' titles; each card's definition popover is named the same. */
  cards: {
    revenue: 'Revenue (12 months)',
    revenueByPlan: 'Revenue by Plan',
    topCenters: 'Top Centers',
    systemHealth: 'System Health',
    spend: 'Sales & Marketing Spend',
  },
  /** The nine KPI cards: each label, and how its value was reached from the figures' inputs. */
  kpis: {
    mrr: 'Monthly Recurring Revenue',
    annualRunRate: 'Annual Run Rate',
    grossMargin: 'Gross Margin',
    cac: 'Customer Acquisition Cost',
    ltv: 'Customer Lifetime Value',
    monthlyChurn: 'Monthly Churn',
    cloudMonthlyCost: 'Cloud Monthly Cost',
    activeCenters: 'Active Centers',
    trialConversion: 'Trial Conversion',
  },
  basis: {
    mrr: (payingCustomers: string, arpa: string) => `${payingCustomers} paying customers, ARPA ${arpa}.`,
    annualRunRate: (mrr: string) => `12 × ${mrr}.`,
    grossMargin: (revenue: string, cloudCost: string) => `Revenue ${revenue}, cloud cost ${cloudCost}.`,
    cac: (spend: string, newCustomers: string) => `Spend ${spend} ÷ ${newCustomers} new customers.`,
    ltv: (arpa: string, margin: string, churn: string) => `ARPA ${arpa} × margin ${margin} ÷ churn ${churn}.`,
    monthlyChurn: (lost: string, atStart: string) => `${lost} lost of ${atStart} at the start.`,
    cloudMonthlyCost: 'Lambda, DynamoDB, S3, CloudFront, API Gateway and others.',
    activeCenters: 'Counted now.',
    trialConversion: (converted: string, ended: string) => `${converted} converted of ${ended} ended.`,
  },
  /** Revenue by Plan: each plan's name, its MRR a month and the add-ons its customers hold. */
  revenueByPlan: {
    plans: {
      free: 'Free',
      starter: 'Starter',
      professional: 'Professional',
      enterprise: 'Enterprise',
    },
    perMonth: (amount: string) => `${amount}/mo`,
    customers: (count: number) => `${count} customers`,
    /** Follows the customers' count; `list` is each add-on's name and count, comma-separated. */
    addOns: (list: string) => ` · add-ons: ${list}`,
    noAddOns: ' · no add-ons',
  },
  /** The revenue chart, and its figures as a table for assistive technology. */
  revenueChart: {
    summary: 'Revenue by month',
    month: 'Month',
    revenue: 'Revenue',
  },
  /** The monthly sales and marketing spend that CAC divides. */
  spend: {
    invalidAmount: 'Enter the amount in dollars (0 or more)',
    month: 'Month',
    amount: 'Spend (USD)',
    saving: 'Saving...',
    save: 'Save spend',
    saved: (amount: string, month: string) => `Saved ${amount} for ${month}.`,
    byMonth: 'Spend by month',
  },
  /** System Health's tiles: the API server, its database, its services' probes, how the console reaches it. */
  health: {
    healthy: 'Healthy',
    down: 'Down',
    service: (status: string, responseTime: string, uptime: string) =>
      `${status} · ${responseTime} · ${uptime} up`,
    apiServer: 'API server',
    unreachable: (message: string) => `Unreachable: ${message}`,
    database: 'Database',
    pglite: 'Embedded PGlite',
    postgres: 'PostgreSQL',
    latency: (ms: number) => `${ms} ms`,
    databaseUnreachable: 'unreachable',
    up: (uptime: string, version: string) => `Up ${uptime} · v${version}`,
    serverLocation: 'Server location',
    embedded: 'Embedded (this computer)',
    remote: 'Remote gateway',
    /** While the console's own information loads. */
    pending: '…',
    lastMigration: 'Last migration',
    migration: (name: string, appliedAt: string) => `${name} · ${appliedAt}`,
    noMigration: 'None',
  },
  /** The top-centers table. */
  topCenters: {
    table: 'Top Centers',
    empty: 'No paying centers yet.',
    columns: {
      name: 'Center Name',
      plan: 'Plan',
      children: 'Children',
      mrr: 'MRR',
      health: 'Health',
    },
  },
} as const;
