import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { MetricResult } from '../../shared/api/reports';

/** Points drawn at most: a longer series keeps its latest ones (a chart of 2,000 bars says nothing). */
export const CHART_POINTS_MAX = 60;

/**
 * A metric's chart as SVG, rendered on the server by vega (no browser, no canvas): recharts, the console's
 * chart library, needs a DOM. Deterministic for the same points; untitled (the section's heading names it).
 */
export async function chartSvg(chart: MetricResult['chart']): Promise<string> {
  const values = chart.points.slice(-CHART_POINTS_MAX);
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 460,
    height: 150,
    data: { values },
    mark: chart.kind === 'line' ? { type: 'line', point: values.length < 40 } : { type: 'bar' },
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
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
