import type { NoDataState, RuleOperator } from '../../shared/alerting';

/**
 * The evaluation state machine of one series (one label set of one rule), Grafana Alerting's semantics:
 * Normal → Pending (the condition holds, not yet for the pending period) → Firing → Recovering (the
 * condition cleared, still firing for the keep-firing period) → Normal (resolved). Pure: the caller
 * gives the clock.
 */
export type SeriesState = 'normal' | 'pending' | 'firing' | 'recovering';

export interface SeriesInstance {
  state: SeriesState;
  /** When the current state was entered (ms). */
  since: number;
  /** When the condition started to hold, while pending or firing. */
  activeAt: number | null;
  /** The last value seen, if any. */
  value: number | null;
  health: 'ok' | 'nodata' | 'error';
}

export type Observation =
  { kind: 'value'; value: number } | { kind: 'nodata' } | { kind: 'error'; message: string };

export interface EvaluationSettings {
  pendingMs: number;
  keepFiringMs: number;
  noData: NoDataState;
  error: NoDataState;
}

/** Notifications go out only on these two. */
export type Transition = 'fired' | 'resolved';

export interface Step {
  next: SeriesInstance;
  transition: Transition | null;
}

export function compare(value: number, operator: RuleOperator, threshold: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

export const NORMAL = (now: number): SeriesInstance => ({
  state: 'normal',
  since: now,
  activeAt: null,
  value: null,
  health: 'ok',
});

/** Whether the condition holds for this observation, or 'keep' to leave the state as it is. */
function holds(
  observation: Observation,
  operator: RuleOperator,
  threshold: number,
  settings: EvaluationSettings,
): boolean | 'keep' {
  if (observation.kind === 'value') return compare(observation.value, operator, threshold);
  const rule = observation.kind === 'nodata' ? settings.noData : settings.error;
  return rule === 'keep' ? 'keep' : rule === 'alerting';
}

export function evaluateSeries(
  previous: SeriesInstance | undefined,
  observation: Observation,
  condition: { operator: RuleOperator; threshold: number },
  settings: EvaluationSettings,
  now: number,
): Step {
  const prev = previous ?? NORMAL(now);
  const health = observation.kind === 'value' ? 'ok' : observation.kind;
  const value = observation.kind === 'value' ? observation.value : prev.value;
  const seen = { ...prev, value, health } satisfies SeriesInstance;
  const held = holds(observation, condition.operator, condition.threshold, settings);
  if (held === 'keep') return { next: seen, transition: null };

  const enter = (state: SeriesState, activeAt: number | null): SeriesInstance => ({
    ...seen,
    state,
    since: now,
    activeAt,
  });
  switch (prev.state) {
    case 'normal':
      if (!held) return { next: seen, transition: null };
      return settings.pendingMs <= 0
        ? { next: enter('firing', now), transition: 'fired' }
        : { next: enter('pending', now), transition: null };
    case 'pending':
      // Cleared before the pending period ended: back to normal, and nobody was told.
      if (!held) return { next: enter('normal', null), transition: null };
      return now - (prev.activeAt ?? prev.since) >= settings.pendingMs
        ? { next: enter('firing', prev.activeAt ?? prev.since), transition: 'fired' }
        : { next: seen, transition: null };
    case 'firing':
      if (held) return { next: seen, transition: null };
      return settings.keepFiringMs <= 0
        ? { next: enter('normal', null), transition: 'resolved' }
        : { next: enter('recovering', prev.activeAt), transition: null };
    case 'recovering':
      // Holding again while recovering: the same alert goes on firing, without a second notification.
      if (held) return { next: enter('firing', prev.activeAt), transition: null };
      return now - prev.since >= settings.keepFiringMs
        ? { next: enter('normal', null), transition: 'resolved' }
        : { next: seen, transition: null };
  }
}

/** A label set's stable key: its pairs sorted by name. */
export function fingerprint(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
