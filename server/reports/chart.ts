import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import type { MetricResult } from '../../shared/api/reports';
import type { MetricId } from '../../shared/reports';
import { formatDate } from './format';

/** Points drawn at most: a longer series keeps its latest ones (a chart of 2,000 bars says nothing). */
export const CHART_POINTS_MAX = 60;
/** A line marks its points while they are few enough to tell apart. */
const LINE_POINTS_MAX = 40;
const DATA = 'points';

type Shape = 'bar' | 'line' | 'line-points';

function specOf(shape: Shape): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 460,
    height: 150,
    data: { name: DATA },
    mark: shape === 'bar' ? { type: 'bar' } : { type: 'line', point: shape === 'line-points' },
    encoding: {
      x: {
        field: 'label',
        type: 'ordinal',
        sort: null,
        // Dozens of hourly labels cannot all be written: every other one is dropped until none overlap.
        axis: { labelLimit: 90, labelAngle: -40, labelOverlap: 'parity', labelSeparation: 2, title: null },
      },
      y: { field: 'value', type: 'quantitative', axis: { title: null } },
    },
    config: { font: 'Helvetica', background: 'white' },
  };
}

// Compiling the vega-lite spec and parsing the vega one cost more than drawing a chart (a PDF report
// draws a dozen): done once per shape, each chart only binds its points to a new view.
const runtimes = new Map<Shape, Vega.Runtime>();
function runtimeOf(vega: typeof Vega, compile: typeof VegaLite.compile, shape: Shape): Vega.Runtime {
  let runtime = runtimes.get(shape);
  if (!runtime) runtimes.set(shape, (runtime = vega.parse(compile(specOf(shape)).spec)));
  return runtime;
}

/**
 * vega and vega-lite, loaded by the first chart: a server that draws none (most starts, every test that
 * builds an app) does not pay their seconds of loading.
 */
let libraries: Promise<[typeof Vega, typeof VegaLite]> | undefined;
const loadLibraries = () => (libraries ??= Promise.all([import('vega'), import('vega-lite')]));

/**
 * What each metric's chart draws, printed above it (the axes are untitled). The six dashboard figures
 * share one: the 12-month revenue series they sit beside on the Executive Dashboard.
 */
export const CHART_CAPTIONS: Record<MetricId, string> = {
  mrr: 'Revenue by month',
  arr: 'Revenue by month',
  churn: 'Revenue by month',
  cac: 'Revenue by month',
  ltv: 'Revenue by month',
  trialConversion: 'Revenue by month',
  revenueByPlan: 'Monthly recurring revenue by plan',
  topCenters: 'Monthly recurring revenue of the top centers',
  costByService: 'Cloud cost by service',
  budgetUse: 'Budget used, % of its monthly limit',
  recommendations: 'Savings per month by service',
  requestVolume: 'Requests per hour',
  errorRate: 'Errors by status code',
  latency: 'p95 latency per hour, ms',
  apdex: 'Apdex by endpoint',
  uptime: 'Uptime by service, %',
  activeUsers: 'Active users per day',
  sessions: 'Sessions per day',
  alertsBySeverity: 'Alerts by severity',
  meanTimeToResolve: 'Mean time to resolve by severity, minutes',
  signIns: 'Sign-ins by outcome',
  auditByAction: 'Audit records by action',
};

/** The points a chart draws, their dates written as people read them (the caption gives the year). */
export function chartPoints(chart: MetricResult['chart'], timeZone: string): MetricResult['chart']['points'] {
  return chart.points
    .slice(-CHART_POINTS_MAX)
    .map((p) => ({ label: formatDate(p.label, timeZone, { year: false }), value: p.value }));
}

/**
 * A chart's caption with the dates it spans when its points are dates ('Requests per hour, 25 Feb 2026,
 * 02:00 – 27 Feb 2026, 14:00'): a long series keeps only its latest CHART_POINTS_MAX points.
 */
export function chartCaption(id: MetricId, chart: MetricResult['chart'], timeZone: string): string {
  const shown = chart.points.slice(-CHART_POINTS_MAX);
  const first = shown[0]?.label;
  const last = shown.at(-1)?.label;
  const caption = CHART_CAPTIONS[id];
  if (first === undefined || last === undefined) return caption;
  const from = formatDate(first, timeZone);
  const to = formatDate(last, timeZone);
  return from === first ? caption : `${caption}, ${from} – ${to}`;
}

/**
 * A metric's chart as SVG, rendered on the server by vega (no browser, no canvas): recharts, the console's
 * chart library, needs a DOM. Deterministic for the same points; untitled (the caption above names it).
 */
export async function chartSvg(chart: MetricResult['chart'], timeZone: string): Promise<string> {
  const values = chartPoints(chart, timeZone);
  const shape: Shape =
    chart.kind === 'bar' ? 'bar' : values.length < LINE_POINTS_MAX ? 'line-points' : 'line';
  const [vega, { compile }] = await loadLibraries();
  const view = new vega.View(runtimeOf(vega, compile, shape), { renderer: 'none' }).data(DATA, values);
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
