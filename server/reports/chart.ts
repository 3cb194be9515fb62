import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { MetricResult } from '../../shared/api/reports';

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
        axis: { labelLimit: 90, labelAngle: -40, title: null },
      },
      y: { field: 'value', type: 'quantitative', axis: { title: null } },
    },
    config: { font: 'Helvetica', background: 'white' },
  };
}

// Compiling the vega-lite spec and parsing the vega one cost more than drawing a chart (a PDF report
// draws a dozen): done once per shape, each chart only binds its points to a new view.
const runtimes = new Map<Shape, vega.Runtime>();
function runtimeOf(shape: Shape): vega.Runtime {
  let runtime = runtimes.get(shape);
  if (!runtime) runtimes.set(shape, (runtime = vega.parse(compile(specOf(shape)).spec)));
  return runtime;
}

/**
 * A metric's chart as SVG, rendered on the server by vega (no browser, no canvas): recharts, the console's
 * chart library, needs a DOM. Deterministic for the same points; untitled (the section's heading names it).
 */
export async function chartSvg(chart: MetricResult['chart']): Promise<string> {
  const values = chart.points.slice(-CHART_POINTS_MAX);
  const shape: Shape =
    chart.kind === 'bar' ? 'bar' : values.length < LINE_POINTS_MAX ? 'line-points' : 'line';
  const view = new vega.View(runtimeOf(shape), { renderer: 'none' }).data(DATA, values);
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
