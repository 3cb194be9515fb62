/** What the Advanced Reporting screen says (part 2 §2), in one place. */
export const REPORT_TEXTS = {
  /** A load failure is logged with this text, and the list says it too. */
  loadFailed: 'Failed to load reports',
  loading: 'Loading reports...',
  description:
    "Reports generated as PDF or XLSX from the platform's own figures, on demand or on a schedule, and mailed to their recipients.",
  /** The header's button, the form's title and its submit button for a new report. */
  createReport: 'Create Report',
  /** A failed Generate Now or Download without a message of its own. */
  actionFailed: 'The action failed',
  tabs: {
    myReports: 'My Reports',
    templates: 'Templates',
    scheduled: 'Scheduled',
  },
  cancel: 'Cancel',
  /** The report actions, on each card and in the side panel. */
  generateNow: 'Generate Now',
  /** Delete Report: the confirmation dialog. */
  delete: {
    title: 'Delete Report',
    confirm: (report: string) => `Delete report "${report}"? Its generated files are deleted too.`,
    failed: 'The report could not be deleted',
    button: 'Delete',
  },
  /** My Reports: one card per report. */
  list: {
    name: 'My Reports',
    empty: 'No reports yet: create one, blank or from a template.',
    generating: 'Generating…',
    fields: {
      format: 'Format',
      schedule: 'Schedule',
      size: 'Size',
      lastGenerated: 'Last generated',
      nextRun: 'Next run',
      recipients: 'Recipients',
    },
    noRecipients: 'None',
    actions: (report: string) => `Actions for ${report}`,
    download: 'Download',
    viewDetails: 'View Details',
    edit: 'Edit',
    delete: 'Delete',
  },
  /** The side panel: the selected report's metrics, its latest file's figures and charts. */
  panel: {
    title: 'Report Details',
    select: 'Select a Report',
    metricsIncluded: 'Metrics included',
    latestFile: (fileName: string, keptUntil: string) => `Latest file ${fileName}, kept until ${keptUntil}`,
    figuresOf: (generatedAt: string, period: string) =>
      `Figures of the file generated ${generatedAt} (${period})`,
    noFile: 'No file yet: Generate Now to see its figures here.',
    downloadLatest: 'Download Latest',
  },
  /** The panel's two charts, each with its figures as a table for assistive technology. */
  charts: {
    empty: 'The latest file has no figures to chart.',
    asLine: (metric: string) => `${metric}, as a line`,
    asBars: (metric: string) => `${metric}, as bars`,
    /** A report with no bar-charted metric: its headline values of one unit, as bars. */
    headlines: 'Headline values',
    columns: {
      label: 'Label',
      value: 'Value',
    },
  },
  /** Create Report and Edit. */
  form: {
    editTitle: 'Edit Report',
    name: 'Name',
    type: 'Type',
    description: 'Description',
    metrics: 'Metrics',
    period: 'Period',
    plan: 'Plan',
    allPlans: 'All plans',
    organization: 'Organization',
    allOrganizations: 'All organizations',
    format: 'Format',
    schedule: 'Schedule',
    recipients: 'Recipients',
    recipientsPlaceholder: 'name@example.com, …',
    saveFailed: 'The report could not be saved',
    save: 'Save Report',
  },
  templates: {
    name: 'Report templates',
    type: (type: string) => `Type: ${type}`,
    /** The metrics past the first three. */
    more: (count: number) => `+${count} more`,
    visualizations: (list: string) => `Visualizations: ${list}`,
    use: 'Use Template',
    /** The Use Template button's accessible name. */
    buttonName: (template: string) => `Use Template ${template}`,
  },
  scheduled: {
    table: 'Scheduled reports',
    empty: 'No scheduled reports.',
    columns: {
      report: 'Report',
      schedule: 'Schedule',
      format: 'Format',
      recipients: 'Recipients',
      next: 'Next run',
      last: 'Last run',
      status: 'Status',
    },
  },
} as const;
