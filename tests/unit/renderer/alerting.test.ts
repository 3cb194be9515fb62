/**
 * The alerting model's pure helpers: the screens' search and filters (part 2 §2, §5), relative times in
 * minutes, hours and days, the average resolution time in hours and minutes (part 2 §9), and the rule
 * validation's messages.
 */
import { describe, expect, it } from 'vitest';
import { alertAge, hoursAndMinutes, ruleInput, type Alert } from '../../../shared/alerting';
import { RULE_TEMPLATES } from '../../../shared/alert-templates';
import { filterAlerts, NO_ALERT_FILTER } from '../../../renderer/features/alerts/rules';

const alert = (over: Partial<Alert>): Alert => ({
  id: 'a',
  title: 'High latency',
  description: 'p95 above 500 ms',
  severity: 'high',
  status: 'active',
  category: 'technical',
  timestamp: '2026-01-01T00:00:00Z',
  source: 'Alert rule: API',
  assignedTo: null,
  tags: [],
  metrics: null,
  ruleId: null,
  labels: {},
  resolvedAt: null,
  history: [],
  ...over,
});

describe('alerting helpers', () => {
  it('searches title, description and source ignoring case, and filters by severity and status', () => {
    const list = [
      alert({ id: '1' }),
      alert({
        id: '2',
        title: 'Disk',
        description: 'Disk free 5 %',
        source: 'Backups',
        severity: 'critical',
      }),
      alert({
        id: '3',
        title: 'Cost',
        description: 'Budget',
        source: 'Cost',
        status: 'resolved',
        severity: 'low',
      }),
    ];
    const ids = (f: Partial<typeof NO_ALERT_FILTER>) =>
      filterAlerts(list, { ...NO_ALERT_FILTER, ...f }).map((a) => a.id);
    expect(ids({})).toEqual(['1', '2', '3']);
    expect(ids({ search: 'BACKUPS' })).toEqual(['2']);
    expect(ids({ search: '500 ms' })).toEqual(['1']);
    expect(ids({ severity: 'critical' })).toEqual(['2']);
    expect(ids({ status: 'resolved' })).toEqual(['3']);
    expect(ids({ search: 'nothing' })).toEqual([]);
  });

  it('tells ages in minutes, hours and days, and resolution time in hours and minutes', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(alertAge('2026-01-01T00:00:00Z', t + 5 * 60_000)).toBe('5m ago');
    expect(alertAge('2026-01-01T00:00:00Z', t + 3 * 3_600_000)).toBe('3h ago');
    expect(alertAge('2026-01-01T00:00:00Z', t + 2 * 86_400_000)).toBe('2d ago');
    expect(hoursAndMinutes(95)).toBe('1h 35m');
    expect(hoursAndMinutes(12.4)).toBe('0h 12m');
  });

  it('accepts every template as a draft, and answers clear messages for a bad rule', () => {
    for (const t of RULE_TEMPLATES) expect(ruleInput.safeParse(t.rule).success).toBe(true);
    const bad = ruleInput.safeParse({
      ...RULE_TEMPLATES[0]!.rule,
      name: ' ',
      status: 'active',
      escalation: { enabled: true, steps: [] },
      notifications: [{ type: 'webhook', target: 'ftp://x' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'The rule needs a name',
        'A webhook notification needs a webhook integration or an http(s) URL',
        'Escalation needs at least one step',
      ]),
    );
  });
});
