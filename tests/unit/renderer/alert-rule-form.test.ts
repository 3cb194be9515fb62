/**
 * The alert rule form's pure helpers: the contract schema's problems keyed by field, in a form's words, and
 * the preview's minutes folded into stretches of one state (the chart's shading and its text alternative).
 */
import { describe, expect, it } from 'vitest';
import { ruleInput, silenceInput } from '../../../shared/alerting';
import { RULE_TEMPLATES } from '../../../shared/alert-templates';
import { errorsUnder, fieldErrors } from '../../../renderer/features/alert-rules/form-errors';
import { seriesName, stateRuns } from '../../../renderer/features/alert-rules/preview-runs';

const template = RULE_TEMPLATES[0]!.rule;

describe('fieldErrors', () => {
  it('keys each problem by its path, the first one of a field only, in the schema’s own words', () => {
    const result = ruleInput.safeParse({
      ...template,
      name: '',
      condition: { ...template.condition, threshold: Number.NaN },
      notifications: [{ type: 'email', target: 'nope' }],
      filters: [{ field: 'tenant', operator: '==', value: 'x' }],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'The rule needs a name',
      'condition.threshold': 'Enter a number',
      'notifications.0.target': 'An email notification needs a valid address',
    });
  });

  it('says zod’s default messages as a form would', () => {
    const result = silenceInput.safeParse({
      matchers: [{ label: '', operator: '==', value: 'x' }],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-01-01T01:00:00Z',
      comment: 'ok',
    });
    expect(fieldErrors(result.error!)).toEqual({ 'matchers.0.label': 'This field is required' });
    const long = ruleInput.safeParse({ ...template, pendingSeconds: 90_000 });
    expect(fieldErrors(long.error!)).toEqual({ pendingSeconds: 'Must be at most 86400' });
  });

  it('re-keys the errors under a prefix for the section that edits it', () => {
    expect(
      errorsUnder(
        { 'escalation.steps.0.delay': 'a', escalation: 'b', 'escalations.x': 'c', name: 'd' },
        'escalation',
      ),
    ).toEqual({ 'steps.0.delay': 'a' });
  });
});

describe('stateRuns', () => {
  const at = (m: number) => `2026-01-01T00:0${m}:00.000Z`;
  it('folds consecutive minutes of one state, with the range of their values (no data skipped)', () => {
    expect(
      stateRuns([
        { at: at(0), value: 1, state: 'normal' },
        { at: at(1), value: 5, state: 'pending' },
        { at: at(2), value: null, state: 'pending' },
        { at: at(3), value: 7, state: 'pending' },
        { at: at(4), value: null, state: 'firing' },
      ]),
    ).toEqual([
      { state: 'normal', from: at(0), to: at(0), min: 1, max: 1 },
      { state: 'pending', from: at(1), to: at(3), min: 5, max: 7 },
      { state: 'firing', from: at(4), to: at(4), min: null, max: null },
    ]);
    expect(stateRuns([])).toEqual([]);
  });

  it('names a series by its labels, or All', () => {
    expect(seriesName({ route: '/api', instance: 'a' })).toBe('route=/api, instance=a');
    expect(seriesName({})).toBe('All');
  });
});
