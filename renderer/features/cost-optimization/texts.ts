/** What the cloud cost screen says (part 1 §2), in one place. */
export const COST_TEXTS = {
  description:
    'Cloud spend by service over time, the service cost breakdown, savings recommendations and budget alerts.',
  loadFailed: (message: string) => `Could not load the cost figures: ${message}`,
  /** The period selector's name; its buttons show the periods' values (7d, 30d, 90d, 1y). */
  period: 'Period',
  /** Each period in words, as the KPIs name it. */
  periods: { '7d': '7 days', '30d': '30 days', '90d': '90 days', '1y': '1 year' },
  /** Each cloud service's name, in the chart's legend, the tables and the recommendations. */
  services: {
    lambda: 'Lambda',
    dynamodb: 'DynamoDB',
    s3: 'S3',
    cloudfront: 'CloudFront',
    apigateway: 'API Gateway',
    others: 'Others',
  },
  /** A change with no previous cost to compare with. */
  notApplicable: 'n/a',
  /** A forecast without enough days of cost records. */
  notEnoughData: 'not enough data',
  perMonth: (amount: string) => `${amount}/mo`,
  kpis: {
    cost: (period: string) => `Cost (${period})`,
    change: (change: string, period: string) => `${change} vs previous ${period}`,
    forecast: 'Forecast (next period)',
    forecastBand: (low: string, high: string) => `80 % band ${low} – ${high}`,
    daysOfData: (days: number) => `${days} days of data`,
    /** The forecast's definition popover. */
    forecastInfo: 'Forecast',
    savings: 'Potential Savings',
    recommendations: (count: number) => `${count} recommendations`,
    score: 'Optimization Score',
    scoreValue: (score: number) => `${score}/100`,
    couldBeSaved: (savings: string, monthlyCost: string) =>
      `${savings} of ${monthlyCost} a month could be saved`,
  },
  /** The cards' titles; the budgets' definition popover is named the same. */
  cards: {
    trend: 'Cost Trend by Service',
    breakdown: 'Service Cost Breakdown',
    recommendations: 'Top Recommendations',
    budgets: 'Budget Alerts',
    records: 'Cost Records',
  },
  /** The stacked trend, and its figures summarized as a table for assistive technology. */
  trend: {
    empty: 'No cost records in this period.',
    summary: (days: number, from: string, to: string) =>
      `Daily cloud cost by service, ${days} days from ${from} to ${to}`,
    allServices: 'All services',
    columns: {
      service: 'Service',
      total: (days: number) => `Total over ${days} days`,
      dailyAverage: 'Daily average',
      lastDay: (date: string) => `On ${date}`,
    },
  },
  breakdown: {
    notEnoughData: (days: number) =>
      `Not enough data for a forecast: ${days} of the period's days have cost records.`,
    table: 'Service costs',
    columns: {
      service: 'Service',
      current: 'Current',
      previous: 'Previous',
      change: 'Change',
      forecast: 'Forecast',
    },
    /** A forecast's 80 % band: the cell's tooltip, and the line under the forecast. */
    band: (low: string, high: string) => `80 % band: ${low} – ${high}`,
    range: (low: string, high: string) => `${low} – ${high}`,
  },
  recommendations: {
    empty: 'Nothing to recommend for this period.',
    source: (service: string, category: string) => `${service} · ${category}`,
    effort: (effort: string) => `${effort} effort`,
  },
  budgets: {
    empty: 'No budgets set.',
    used: (spent: string, limit: string, percent: number) => `${spent} of ${limit} (${percent}%)`,
    alertsAt: (thresholdPercent: number, forecast: string) =>
      `Alerts at ${thresholdPercent}% · next 30 days forecast ${forecast}`,
  },
  /** The cost CSV import, for a platform manager. */
  import: {
    label: 'Import cost CSV',
    columns: (columns: string) => `Columns: ${columns}`,
    importing: 'Importing…',
    imported: (days: number, from: string, to: string) => `Imported ${days} days (${from} to ${to}).`,
    readFailed: (file: string, message: string) => `Could not read ${file}: ${message}`,
  },
} as const;
