import type { RulePreview } from '../../../shared/api/alerts';
import { ALERT_RULES_TEXTS } from './texts';

type Point = RulePreview['series'][number]['points'][number];

/** A stretch of consecutive minutes in one state, with the range of the values seen in it. */
export interface StateRun {
  state: string;
  from: string;
  to: string;
  min: number | null;
  max: number | null;
}

/** Folds a series' minutes into runs of one state: the chart's shaded spans and its text alternative. */
export function stateRuns(points: readonly Point[]): StateRun[] {
  const runs: StateRun[] = [];
  for (const p of points) {
    const last = runs.at(-1);
    if (last && last.state === p.state) {
      last.to = p.at;
      if (p.value !== null) {
        last.min = last.min === null ? p.value : Math.min(last.min, p.value);
        last.max = last.max === null ? p.value : Math.max(last.max, p.value);
      }
    } else runs.push({ state: p.state, from: p.at, to: p.at, min: p.value, max: p.value });
  }
  return runs;
}

/** "route=/api/users, method=GET", or "All" for a metric of one series. */
export const seriesName = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ') || ALERT_RULES_TEXTS.preview.allSeries;
