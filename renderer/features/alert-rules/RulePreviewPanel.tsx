import { useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { METRICS, type RuleInput } from '../../../shared/alerting';
import type { RulePreview } from '../../../shared/api/alerts';
import { AXIS, GRID, MARGIN } from '../../components/ui/chartDefaults';
import { ChartFigure } from '../../components/ui/ChartFigure';
import { INPUT_CLASS } from '../../components/ui/styles';
import { clockLabel } from '../../lib/monitoring-format';
import { capitalize } from '../alerts/rules';
import { seriesName, stateRuns, type StateRun } from './preview-runs';
import { FormField } from '../../components/ui/FormField';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.preview;

/** Pending in amber, firing in red; the text alternative and the legend below say which is which. */
const SHADE: Record<string, string> = { pending: 'var(--color-amber-400)', firing: 'var(--color-red-500)' };

const range = (run: StateRun, unit: string) =>
  run.min === null || run.max === null
    ? TEXTS.noData
    : run.min === run.max
      ? `${run.min} ${unit}`
      : `${run.min}–${run.max} ${unit}`;

/** The preview of the last hour: the summary, and per series a chart of its values with the threshold. */
export function RulePreviewPanel({ preview, rule }: { preview: RulePreview; rule: RuleInput }) {
  const [index, setIndex] = useState(0);
  const series = preview.series[Math.min(index, preview.series.length - 1)];
  const unit = METRICS[rule.metric].unit;
  const points = (series?.points ?? []).map((p) => ({ ...p, label: clockLabel(p.at) }));
  const runs = series ? stateRuns(series.points) : [];
  return (
    <section aria-label={TEXTS.region} className="space-y-3 rounded-md border border-line p-3 text-sm">
      <h3 className="font-semibold text-fg">{TEXTS.heading}</h3>
      <p role="status">{preview.summary}</p>
      {preview.series.length > 1 ? (
        <FormField label={TEXTS.series}>
          {(field) => (
            <select
              {...field}
              className={INPUT_CLASS}
              value={index}
              onChange={(e) => setIndex(Number(e.target.value))}
            >
              {preview.series.map((s, i) => (
                <option key={i} value={i}>
                  {seriesName(s.labels)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {series ? (
        <>
          <ChartFigure
            summary={TEXTS.chartSummary(
              seriesName(series.labels),
              rule.condition.operator,
              rule.condition.threshold,
              unit,
            )}
            columns={[
              { label: TEXTS.columns.from, value: (r: StateRun) => clockLabel(r.from) },
              { label: TEXTS.columns.to, value: (r: StateRun) => clockLabel(r.to) },
              { label: TEXTS.columns.state, value: (r: StateRun) => capitalize(r.state) },
              { label: TEXTS.columns.values, value: (r: StateRun) => range(r, unit) },
            ]}
            rows={runs}
            rowKey={(r) => r.from}
            className="h-48"
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart accessibilityLayer={false} data={points} margin={MARGIN}>
                <CartesianGrid {...GRID} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
                <YAxis tick={AXIS} width={48} />
                {runs
                  .filter((r) => SHADE[r.state])
                  .map((r) => (
                    <ReferenceArea
                      key={r.from}
                      x1={clockLabel(r.from)}
                      x2={clockLabel(r.to)}
                      fill={SHADE[r.state]}
                      fillOpacity={0.2}
                      ifOverflow="extendDomain"
                    />
                  ))}
                <ReferenceLine
                  y={rule.condition.threshold}
                  stroke="var(--color-red-500)"
                  strokeDasharray="4 4"
                  ifOverflow="extendDomain"
                />
                <Line
                  dataKey="value"
                  stroke="var(--accent)"
                  dot={false}
                  isAnimationActive={false}
                  connectNulls={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </ChartFigure>
          <p className="text-xs text-muted">{TEXTS.legend}</p>
        </>
      ) : (
        <p className="text-muted">{TEXTS.noSeries}</p>
      )}
    </section>
  );
}
