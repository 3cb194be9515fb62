/**
 * The notification plan of a rule over ticks of a fake clock: grouping, repeat while unacknowledged,
 * escalation, suppression, silences and maintenance windows, quiet hours and channel toggles.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../../shared/alerting';
import { inMaintenance, isSilenced, quietHoursEnd } from '../../../../server/alerts/mute';
import {
  EMPTY_NOTIFIER_STATE,
  planNotifications,
  type NotifierState,
  type OpenAlert,
  type PlanInput,
} from '../../../../server/alerts/policy';

const MINUTE = 60_000;
/** 2026-11-24 12:00 UTC, a Tuesday: outside quiet hours. */
const NOON = Date.UTC(2026, 10, 24, 12);
const email = { type: 'email' as const, target: 'ops@example.test' };
const slack = { type: 'slack' as const, target: '' };
const hook = { type: 'webhook' as const, target: 'http://127.0.0.1:9/hook' };
const settings: NotificationSettings = {
  channels: { email: true, sms: false, chat: true },
  quietHours: false,
  escalationDelayMinutes: 15,
  groupingWindowMinutes: 5,
};
const rule: PlanInput['rule'] = {
  severity: 'high',
  notifications: [email],
  escalation: { enabled: false, steps: [] },
  suppressionRules: { enabled: false, duration: 0, conditions: [] },
};

/** A rule's notifier driven tick by tick, keeping its state like the evaluation job does. */
function notifier(overrides: Partial<Omit<PlanInput, 'now' | 'events' | 'open' | 'state'>> = {}) {
  let state: NotifierState = EMPTY_NOTIFIER_STATE;
  const open = new Map<string, OpenAlert>();
  return {
    tick(now: number, events: PlanInput['events'] = []) {
      for (const e of events) {
        if (e.kind === 'fired')
          open.set(e.alertId, { id: e.alertId, labels: e.labels, firedAt: now, status: 'active' });
        else open.delete(e.alertId);
      }
      const plan = planNotifications({
        now,
        rule,
        settings,
        timeZone: 'UTC',
        muted: () => false,
        ...overrides,
        events,
        open: [...open.values()],
        state,
      });
      state = plan.state;
      return plan;
    },
    acknowledge(id: string) {
      const a = open.get(id);
      if (a) a.status = 'acknowledged';
    },
  };
}
const fired = (alertId: string, labels = {}) => ({ alertId, kind: 'fired' as const, labels });
const resolved = (alertId: string, labels = {}) => ({ alertId, kind: 'resolved' as const, labels });

describe('notification plan', () => {
  it('sends the alerts of one rule firing within the grouping window as one notification', () => {
    const n = notifier();
    expect(n.tick(NOON, [fired('a')]).send).toEqual([]);
    expect(n.tick(NOON + 2 * MINUTE, [fired('b')]).send).toEqual([]);
    const plan = n.tick(NOON + 5 * MINUTE);
    expect(plan.send).toEqual([{ kind: 'firing', alertIds: ['a', 'b'], targets: [email] }]);
    expect(n.tick(NOON + 6 * MINUTE).send).toEqual([]);
  });

  it('tells nothing of an alert that fired and resolved within the window but its resolution', () => {
    const n = notifier();
    n.tick(NOON, [fired('a')]);
    n.tick(NOON + MINUTE, [resolved('a')]);
    expect(n.tick(NOON + 5 * MINUTE).send).toEqual([{ kind: 'resolved', alertIds: ['a'], targets: [email] }]);
  });

  it('repeats while unacknowledged, every escalation delay, and stops on acknowledgement', () => {
    const n = notifier({ settings: { ...settings, groupingWindowMinutes: 1 } });
    n.tick(NOON, [fired('a')]);
    expect(n.tick(NOON + MINUTE).send.map((o) => o.kind)).toEqual(['firing']);
    expect(n.tick(NOON + 10 * MINUTE).send).toEqual([]);
    expect(n.tick(NOON + 16 * MINUTE).send).toEqual([{ kind: 'repeat', alertIds: ['a'], targets: [email] }]);
    n.acknowledge('a');
    expect(n.tick(NOON + 40 * MINUTE).send).toEqual([]);
  });

  it('escalates each step once after its delay while unacknowledged', () => {
    const boss = { type: 'email' as const, target: 'boss@example.test' };
    const n = notifier({
      rule: {
        ...rule,
        escalation: {
          enabled: true,
          steps: [
            { delay: 10, notifications: [boss] },
            { delay: 30, notifications: [hook] },
          ],
        },
      },
      settings: { ...settings, escalationDelayMinutes: 60 },
    });
    n.tick(NOON, [fired('a')]);
    expect(n.tick(NOON + 10 * MINUTE).send).toEqual([
      { kind: 'firing', alertIds: ['a'], targets: [email] },
      { kind: 'escalation', alertIds: ['a'], targets: [boss] },
    ]);
    expect(n.tick(NOON + 20 * MINUTE).send).toEqual([]);
    n.acknowledge('a');
    expect(n.tick(NOON + 31 * MINUTE).send).toEqual([]);
  });

  it('suppresses the rule’s notifications for its duration after one, but lets a resolution through', () => {
    const n = notifier({
      rule: { ...rule, suppressionRules: { enabled: true, duration: 600, conditions: [] } },
      settings: { ...settings, groupingWindowMinutes: 1 },
    });
    n.tick(NOON, [fired('a')]);
    expect(n.tick(NOON + MINUTE).send).toHaveLength(1);
    n.tick(NOON + 2 * MINUTE, [fired('b')]);
    const suppressed = n.tick(NOON + 3 * MINUTE);
    expect(suppressed.send).toEqual([]);
    expect(suppressed.suppressed).toEqual([{ kind: 'firing', alertIds: ['b'], targets: [email] }]);
    n.tick(NOON + 4 * MINUTE, [resolved('a')]);
    expect(n.tick(NOON + 5 * MINUTE).send.map((o) => o.kind)).toEqual(['resolved']);
    n.tick(NOON + 12 * MINUTE, [fired('c')]);
    expect(n.tick(NOON + 13 * MINUTE).send.map((o) => o.alertIds)).toEqual([['c']]);
  });

  it('mutes silenced series but keeps the others of the same group', () => {
    const n = notifier({ muted: (labels) => labels.route === 'GET /quiet' });
    n.tick(NOON, [fired('a', { route: 'GET /quiet' }), fired('b', { route: 'GET /loud' })]);
    const plan = n.tick(NOON + 5 * MINUTE);
    expect(plan.send).toEqual([{ kind: 'firing', alertIds: ['b'], targets: [email] }]);
    expect(plan.muted).toEqual([{ kind: 'firing', alertIds: ['a'], targets: [email] }]);
  });

  it('holds non-critical notifications during quiet hours until 08:00, and lets critical ones through', () => {
    const night = Date.UTC(2026, 10, 24, 23);
    const quiet = { ...settings, quietHours: true, groupingWindowMinutes: 1 as const };
    const n = notifier({ settings: quiet });
    n.tick(night, [fired('a')]);
    const held = n.tick(night + MINUTE);
    expect(held.send).toEqual([]);
    expect(held.held).toEqual([
      { kind: 'firing', alertIds: ['a'], targets: [email], releaseAt: Date.UTC(2026, 10, 25, 8) },
    ]);
    expect(n.tick(Date.UTC(2026, 10, 25, 7, 59)).send).toEqual([]);
    expect(n.tick(Date.UTC(2026, 10, 25, 8)).send.map((o) => o.kind)).toContain('firing');

    const critical = notifier({ settings: quiet, rule: { ...rule, severity: 'critical' } });
    critical.tick(night, [fired('a')]);
    expect(critical.tick(night + MINUTE).send).toHaveLength(1);
  });

  it('sends only to the channels the owner left on', () => {
    const n = notifier({
      rule: { ...rule, notifications: [email, slack, hook] },
      settings: { ...settings, channels: { email: false, sms: false, chat: false } },
    });
    n.tick(NOON, [fired('a')]);
    expect(n.tick(NOON + 5 * MINUTE).send).toEqual([{ kind: 'firing', alertIds: ['a'], targets: [hook] }]);
  });

  it("follows a notified user's own settings for mail to them, the owner's for the rule's shared channels", () => {
    const colleague = { type: 'email' as const, target: 'colleague@example.test' };
    const team = { type: 'email' as const, target: 'team-list@example.test' };
    const night = Date.UTC(2026, 10, 24, 23);
    const users: Record<string, NotificationSettings> = {
      // The owner mails nobody and keeps quiet hours; the colleague wants mail, at night too.
      'ops@example.test': { ...settings, channels: { email: false, sms: false, chat: true } },
      'colleague@example.test': { ...settings, quietHours: false },
    };
    const n = notifier({
      rule: { ...rule, notifications: [email, colleague, team, slack, hook] },
      settings: { ...settings, quietHours: true, groupingWindowMinutes: 1 },
      settingsFor: (t) => (t.type === 'email' ? users[t.target] : undefined),
    });
    n.tick(night, [fired('a')]);
    const plan = n.tick(night + MINUTE);
    // ops@ is off by their own toggle; the colleague gets it now; the owner's quiet hours hold the
    // shared channels (a list that is no user's, chat, webhook) until 08:00.
    expect(plan.send).toEqual([{ kind: 'firing', alertIds: ['a'], targets: [colleague] }]);
    expect(plan.held).toEqual([
      {
        kind: 'firing',
        alertIds: ['a'],
        targets: [team, slack, hook],
        releaseAt: Date.UTC(2026, 10, 25, 8),
      },
    ]);
  });

  it('keeps quiet hours on the platform timezone, not UTC', () => {
    const quiet = { ...settings, quietHours: true, groupingWindowMinutes: 1 as const };
    // 23:00 UTC is 18:00 in New York (EST): not quiet there.
    const n = notifier({ settings: quiet, timeZone: 'America/New_York' });
    n.tick(Date.UTC(2026, 10, 24, 23), [fired('a')]);
    expect(n.tick(Date.UTC(2026, 10, 24, 23, 1)).send).toHaveLength(1);
    // 04:00 UTC is 23:00 in New York: held until 08:00 there, 13:00 UTC.
    const late = notifier({ settings: quiet, timeZone: 'America/New_York' });
    late.tick(Date.UTC(2026, 10, 25, 4), [fired('b')]);
    expect(late.tick(Date.UTC(2026, 10, 25, 4, 1)).held.map((h) => h.releaseAt)).toEqual([
      Date.UTC(2026, 10, 25, 13),
    ]);
  });
});

describe('silences, maintenance windows and quiet hours', () => {
  it('matches a silence between its start and end, on every matcher', () => {
    const silence = {
      matchers: [
        { label: 'route', operator: '==' as const, value: 'GET /a' },
        { label: 'instance', operator: '!=' as const, value: 'x' },
      ],
      startsAt: NOON,
      endsAt: NOON + 60 * MINUTE,
    };
    expect(isSilenced({ route: 'GET /a', instance: 'y' }, [silence], NOON)).toBe(true);
    expect(isSilenced({ route: 'GET /a', instance: 'x' }, [silence], NOON)).toBe(false);
    expect(isSilenced({ route: 'GET /a' }, [silence], NOON + 60 * MINUTE)).toBe(false);
    expect(isSilenced({ route: 'GET /a' }, [silence], NOON - 1)).toBe(false);
  });

  it('recurs a maintenance window on its weekdays, across midnight', () => {
    const tuesdayNight = { name: 'db', weekdays: [2], start: '23:00', minutes: 120, matchers: [] };
    expect(inMaintenance(tuesdayNight, Date.UTC(2026, 10, 24, 23, 30))).toBe(true);
    expect(inMaintenance(tuesdayNight, Date.UTC(2026, 10, 25, 0, 59))).toBe(true);
    expect(inMaintenance(tuesdayNight, Date.UTC(2026, 10, 25, 1, 0))).toBe(false);
    expect(inMaintenance(tuesdayNight, Date.UTC(2026, 11, 1, 23, 10))).toBe(true);
    expect(inMaintenance(tuesdayNight, Date.UTC(2026, 10, 25, 23, 30))).toBe(false);
  });

  it('ends quiet hours at 08:00, and is outside them from 08:00 to 22:00', () => {
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 22), 'UTC')).toBe(Date.UTC(2026, 10, 25, 8));
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 3), 'UTC')).toBe(Date.UTC(2026, 10, 24, 8));
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 8), 'UTC')).toBeNull();
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 21, 59), 'UTC')).toBeNull();
  });

  it("keeps 22:00–08:00 on the zone's clock, across the DST changes", () => {
    const zone = 'America/Chicago';
    // Summer (CDT, UTC−5): 22:00 local is 03:00 UTC; the night ends 08:00 CDT, 13:00 UTC.
    expect(quietHoursEnd(Date.UTC(2026, 6, 15, 2, 59), zone)).toBeNull();
    expect(quietHoursEnd(Date.UTC(2026, 6, 15, 3), zone)).toBe(Date.UTC(2026, 6, 15, 13));
    // Winter (CST, UTC−6): 22:00 local is 04:00 UTC; the night ends 14:00 UTC.
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 3, 59), zone)).toBeNull();
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 4), zone)).toBe(Date.UTC(2026, 10, 24, 14));
    // The night clocks go back (Sunday 1 November 2026, 02:00 CDT → 01:00 CST): it starts at 22:00 CDT
    // (03:00 UTC) and ends at 08:00 CST (14:00 UTC), eleven hours later.
    expect(quietHoursEnd(Date.UTC(2026, 10, 1, 3), zone)).toBe(Date.UTC(2026, 10, 1, 14));
    // Inside the repeated hour (01:30 CST, 07:30 UTC), the same end.
    expect(quietHoursEnd(Date.UTC(2026, 10, 1, 7, 30), zone)).toBe(Date.UTC(2026, 10, 1, 14));
    // The night clocks go forward (Sunday 8 March 2026, 02:00 CST → 03:00 CDT): 22:00 CST (04:00 UTC)
    // to 08:00 CDT (13:00 UTC), nine hours.
    expect(quietHoursEnd(Date.UTC(2026, 2, 8, 4), zone)).toBe(Date.UTC(2026, 2, 8, 13));
    expect(quietHoursEnd(Date.UTC(2026, 2, 8, 12, 59), zone)).toBe(Date.UTC(2026, 2, 8, 13));
    expect(quietHoursEnd(Date.UTC(2026, 2, 8, 13), zone)).toBeNull();
  });
});
