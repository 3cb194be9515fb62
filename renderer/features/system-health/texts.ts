/** What the System Health screen says (part 2 §8), in one place. */
export const HEALTH_TEXTS = {
  /** A load failure is only logged, with this text. */
  loadFailed: 'Failed to load system health',
  description:
    'The health of platform services and infrastructure: response times, load, resource use and open issues.',
  /** When the figures were read (a dash before the first answer). */
  lastUpdated: (time: string) => `Last updated: ${time}`,
  refresh: 'Refresh',
  loading: 'Loading system health…',
  kpis: {
    overall: 'Overall Health',
    response: 'Average Response Time',
    critical: 'Critical Issues',
    load: 'System Load',
  },
  /** How each figure is computed (the KPIs' info popovers). */
  definitions: {
    overall:
      'The share of services whose latest probe is healthy (probes run every 30 s: database, job runner, event stream, export storage). Green above 90 %.',
    response:
      'The mean duration of every request the API servers answered in the last 24 hours, from the per-minute request roll-ups of all instances.',
    critical: 'Services whose latest probe is critical or down.',
    load: "The mean CPU use of the online instances' latest minute samples (process.cpuUsage over the minute, of one core).",
  },
  /** The charts' titles, info texts, summaries, table columns and legends. */
  charts: {
    hour: 'Hour',
    /** The y axis unit of the performance chart. */
    percentUnit: '%',
    performance: {
      title: 'Performance (24 hours)',
      info: "Hourly means of every instance's minute samples: CPU (process.cpuUsage over the minute), memory (resident memory of the machine's) and disk used in the data folder (fs.statfs).",
      summary: 'Performance by hour',
      cpu: 'CPU',
      memory: 'Memory',
      disk: 'Disk',
    },
    traffic: {
      title: 'Request Volume & Errors',
      info: 'Requests answered per hour by every instance, and those with a status of 400 or above.',
      summary: 'Requests by hour',
      requests: 'Requests',
      errors: 'Errors',
    },
  },
  services: {
    title: 'Service Status',
    info: "Each service is probed every 30 s and every result is kept; uptime is the share of the last 24 hours' probes that were not down.",
    /** A service card's figures. */
    fields: {
      uptime: 'Uptime (24h)',
      responseTime: 'Response Time',
      lastCheck: 'Last Check',
      version: 'Version',
      dependencies: 'Dependencies',
    },
    noDependencies: 'None',
  },
  infrastructure: {
    title: 'Infrastructure Components',
    info: 'Each API server instance registers a heartbeat with every minute sample; one silent for 3 minutes (or stopped) is offline. Load is the CPU use of its latest sample: red above 80, yellow above 60. Connections are the HTTP connections it held open at that sample.',
    /** The table's accessible name. */
    table: 'Infrastructure components',
    /** Part 2 §3 gives an infrastructure component a type; ours are all the console's API servers. */
    instanceType: 'API server',
    /** An instance's load bar's accessible name. */
    load: (instance: string) => `Load of ${instance}`,
    /** The column headers, by column id. */
    columns: {
      instance: 'Instance',
      type: 'Type',
      host: 'Host',
      region: 'Region',
      status: 'Status',
      load: 'Load',
      connections: 'Connections',
      memory: 'Memory',
      delay: 'Event Loop p99',
      version: 'Version',
      seen: 'Last Seen',
    },
  },
  /** The job runner's queues (the spec has no panel for them). */
  jobQueues: {
    title: 'Job Queues',
    info: 'The background job queues of the job runner: jobs waiting (new or awaiting a retry), running, and failed after their retries (the dead letters).',
    /** The table's accessible name. */
    table: 'Job queues',
    empty: 'No queues yet',
    /** The column headers, by column id. */
    columns: {
      name: 'Queue',
      waiting: 'Waiting',
      active: 'Active',
      failed: 'Failed',
    },
  },
} as const;
