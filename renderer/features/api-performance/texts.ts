/** What the API Performance screen says (part 2 §8), in one place. */
export const API_PERFORMANCE_TEXTS = {
  /** A load failure is only logged, with this text. */
  loadFailed: 'Failed to load API performance data',
  description:
    'Response times, request volume and errors for each API endpoint, by status code and by region.',
  /** The header's controls: the range and format selects (their accessible names) and the export button. */
  timeRange: 'Time range',
  reportFormat: 'Report format',
  exportReport: 'Export Report',
  loading: 'Loading API performance…',
  kpis: {
    average: 'Average Response Time',
    requests: 'Total Requests',
    errorRate: 'Error Rate',
    p95: 'P95 Response Time',
    /** The error rate's detail below 2 %. */
    withinSla: 'Within SLA',
  },
  /** What each KPI means: the text of its info popover. */
  definitions: {
    average:
      'The mean duration of the requests of the range, every route and instance: the sum of their durations over their count, from the per-minute roll-ups.',
    requests: 'Requests answered in the range by every instance, whatever their status.',
    errorRate:
      "Requests with a status of 400 or above, as a share of all. Red above 3 %; 'Within SLA' below 2 %.",
    p95: 'The 95th percentile of request durations: the roll-ups\u2019 latency histograms (1 % relative accuracy) summed over the range, then read at the 95th percentile.',
  },
  /** The charts' titles, info texts, summaries, table columns and legends. */
  charts: {
    /** The percentiles' names: legend, table columns and the range's figures beside the title. */
    percentiles: { p50: 'p50', p95: 'p95', p99: 'p99' },
    time: 'Time',
    /** The y axis unit of the latency chart (its leading space is the gap after the number). */
    msUnit: ' ms',
    responseTime: {
      title: 'Response Time Trend',
      info: (stepMinutes: number, apdexMs: number) =>
        `Percentiles per ${stepMinutes}-minute step from the summed latency histograms. Apdex (T = ${apdexMs} ms): requests at or under T are satisfied, up to 4T tolerating, slower ones and errors frustrated; Apdex = (satisfied + tolerating / 2) / requests.`,
      /** The range's percentiles and Apdex beside the title. */
      rangePercentiles: 'Range percentiles',
      apdex: 'Apdex',
      summary: 'Response time percentiles by step',
    },
    requestVolume: {
      title: 'Request Volume',
      info: (stepMinutes: number) =>
        `Requests per ${stepMinutes}-minute step, and those with a status of 400 or above.`,
      summary: (requests: string, errors: string) =>
        `Requests and errors by step: ${requests} requests in the range, ${errors} errors`,
      requests: 'Requests',
      errors: 'Errors',
    },
  },
  endpoints: {
    title: 'Endpoint Performance',
    info: 'One row per route template and method, over the range. The trend is the mean duration of each of the last 10 minutes. Error rate (status 400 and above): red above 3 %, yellow above 1 %; the status follows it (critical, warning, healthy).',
    /** The table's accessible name. */
    table: 'Endpoint performance',
    empty: 'No requests in this range',
    /** The column headers, by column id. */
    columns: {
      endpoint: 'Endpoint',
      trend: 'Trend (10 min)',
      average: 'Avg',
      p95: 'P95',
      requests: 'Requests',
      errorRate: 'Error Rate',
      apdex: 'Apdex',
      status: 'Status',
    },
  },
  errors: {
    title: 'Error Breakdown',
    info: "Requests with a status of 400 or above by status, and each status's share of them. Examples are the latest messages recorded for the status (the message only, secrets and identifiers removed).",
    empty: 'No errors in this range',
    /** A status's heading and accessible name. */
    status: (status: number) => `HTTP ${status}`,
  },
  regions: {
    title: 'Geographic Performance',
    info: 'Requests grouped by the region of the server instance that answered them (its CONSOLE_REGION), with their mean duration and error rate (red above 2 %).',
    empty: 'No requests in this range',
    instances: (count: number) => `${count} ${count === 1 ? 'instance' : 'instances'}`,
    /** A region's figures: requests (formatted) and error rate (formatted). */
    requests: (requests: string) => `${requests} req`,
    errors: (errorRate: string) => `${errorRate} errors`,
  },
} as const;
