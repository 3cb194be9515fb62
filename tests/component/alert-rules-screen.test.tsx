/**
 * Alert Rules (/alert-rules, issue 12) against a stand-in for the main process: search, filters and the
 * spec's empty states; the rule form's validation (each message next to its field) and the submit of the
 * whole model; a failed save that keeps what was typed; the preview's chart and its text alternative;
 * silences and maintenance windows; every change hidden from a user who may only read.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRule, RuleInput } from '../../shared/alerting';
import type { RulePreview, Silence } from '../../shared/api/alerts';
import { AlertRulesPage } from '../../renderer/features/alert-rules/AlertRulesPage';
import {
  ADMIN,
  READER,
  RULES,
  callsTo,
  describedBy,
  installBridge,
  removeBridge,
  renderScreen,
  signInAs,
  stubResizeObserver,
} from './alerting-fixtures';

const SILENCE: Silence = {
  id: '30000000-0000-4000-8000-000000000001',
  matchers: [{ label: 'instance', operator: '==', value: 'db-1' }],
  startsAt: '2026-11-25T01:00:00.000Z',
  endsAt: '2026-11-25T05:00:00.000Z',
  comment: 'Disk migration',
  createdByName: 'Avery Admin',
  createdAt: '2026-11-25T00:55:00.000Z',
};

function bridge(extra: Record<string, (input: never) => unknown> = {}, rules: AlertRule[] = RULES) {
  return installBridge({
    'alerts.listRules': () => rules,
    'alerts.listChannels': () => [
      { type: 'email', name: 'Email', configured: true, detail: 'SMTP relay', rules: 2 },
    ],
    'alerts.listSilences': () => [SILENCE],
    'alerts.listMaintenanceWindows': () => [],
    ...extra,
  });
}

const ruleNames = () =>
  within(screen.getByRole('list', { name: 'Alert rules' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.font-semibold')?.textContent);

async function openCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create Rule' }));
  return screen.findByRole('dialog', { name: 'Create alert rule' });
}

describe('Alert Rules (/alert-rules)', () => {
  beforeEach(() => {
    stubResizeObserver();
    signInAs(ADMIN);
  });
  afterEach(() => {
    removeBridge();
    vi.restoreAllMocks();
  });

  it('searches name and description, filters by status and severity, and says which empty state it is', async () => {
    bridge();
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    await waitFor(() => expect(ruleNames()).toEqual(['API p95 above 500 ms', 'Disk free below 10 %']));
    const search = screen.getByRole('searchbox', { name: 'Search rules' });
    await user.type(search, 'nearly FULL');
    expect(ruleNames()).toEqual(['Disk free below 10 %']);
    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    expect(ruleNames()).toEqual(['API p95 above 500 ms']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    expect(ruleNames()).toEqual([]);
    expect(screen.getByText('No alert rules found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
  });

  it("shows an active rule's evaluation state beside its severity when it is not normal", async () => {
    bridge({}, [{ ...RULES[0]!, status: 'active', state: 'firing' }]);
    renderScreen(<AlertRulesPage />);
    const card = (await screen.findByText(RULES[0]!.name)).closest('li')!;
    expect(within(card).getByText('Firing')).toBeTruthy();
  });

  it('invites the first rule when there is none', async () => {
    bridge({}, []);
    renderScreen(<AlertRulesPage />);
    expect(await screen.findByText('Create your first alert rule to get started')).toBeTruthy();
  });

  it('puts each problem next to its field, focuses the first, and sends nothing', async () => {
    const calls = bridge();
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    const dialog = await openCreateForm(user);
    const form = within(dialog);
    await user.selectOptions(form.getByLabelText('Status'), 'active');
    await user.clear(form.getByLabelText('Threshold (ms)'));
    await user.click(form.getByLabelText('Escalate while the alert is not acknowledged'));
    await user.click(form.getByRole('button', { name: 'Save rule' }));

    const name = form.getByLabelText('Name');
    expect(describedBy(name)).toBe('The rule needs a name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(describedBy(form.getByLabelText('Threshold (ms)'))).toBe('Enter a number');
    expect(form.getByRole('alert').textContent).toContain('2 fields need attention');

    // The rule-wide checks come once every field holds a value of its kind (the schema's order).
    await user.type(name, 'Slow API');
    await user.type(form.getByLabelText('Threshold (ms)'), '500');
    await user.click(form.getByRole('button', { name: 'Save rule' }));
    expect(name.getAttribute('aria-invalid')).toBe('false');
    const notifications = form.getByRole('group', { name: 'Notifications' });
    expect(describedBy(notifications)).toBe('An active rule needs at least one notification');
    expect(document.activeElement).toBe(form.getByRole('button', { name: 'Add notification' }));
    expect(describedBy(form.getByLabelText('Escalate while the alert is not acknowledged'))).toBe(
      'Escalation needs at least one step',
    );
    expect(form.getByRole('alert').textContent).toContain('2 fields need attention');

    // A bad target and a filter the metric does not have are told where they are.
    await user.click(form.getByRole('button', { name: 'Add notification' }));
    await user.type(form.getByLabelText('Notification 1 Target'), 'not-an-address');
    await user.click(form.getByRole('button', { name: 'Add filter' }));
    await user.clear(form.getByLabelText('Filter 1 Field'));
    await user.type(form.getByLabelText('Filter 1 Field'), 'tenant');
    await user.click(form.getByRole('button', { name: 'Save rule' }));
    expect(describedBy(form.getByLabelText('Notification 1 Target'))).toContain(
      'An email notification needs a valid address',
    );
    expect(describedBy(form.getByLabelText('Filter 1 Field'))).toBe(
      'Response time can be filtered by route only',
    );
    expect(callsTo(calls, 'alerts.createRule')).toEqual([]);
  });

  it('sends the whole rule model as typed', async () => {
    const calls = bridge({
      'alerts.createRule': (input: { body: RuleInput }) => ({ ...RULES[0]!, ...input.body }),
    });
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    const dialog = await openCreateForm(user);
    const form = within(dialog);
    await user.type(form.getByLabelText('Name'), 'Users API slow');
    await user.clear(form.getByLabelText('Description'));
    await user.type(form.getByLabelText('Description'), 'p95 of /api/users');
    await user.selectOptions(form.getByLabelText('Status'), 'active');
    await user.selectOptions(form.getByLabelText('Severity'), 'critical');
    await user.selectOptions(form.getByLabelText('Aggregation'), 'p99');
    await user.selectOptions(form.getByLabelText('Time window'), '10m');
    await user.selectOptions(form.getByLabelText('Operator'), '>=');
    await user.clear(form.getByLabelText('Threshold (ms)'));
    await user.type(form.getByLabelText('Threshold (ms)'), '750.5');
    await user.clear(form.getByLabelText('Pending period (seconds)'));
    await user.type(form.getByLabelText('Pending period (seconds)'), '120');
    await user.clear(form.getByLabelText('Keep firing for (seconds)'));
    await user.type(form.getByLabelText('Keep firing for (seconds)'), '60');
    await user.selectOptions(form.getByLabelText('When there is no data'), 'alerting');
    await user.selectOptions(form.getByLabelText('When evaluation fails'), 'normal');

    await user.click(form.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(form.getByLabelText('Filter 1 Operator'), '!=');
    await user.type(form.getByLabelText('Filter 1 Value'), '/api/health');

    await user.click(form.getByRole('button', { name: 'Add notification' }));
    await user.type(form.getByLabelText('Notification 1 Target'), 'ops@example.test');
    await user.click(form.getByRole('button', { name: 'Add notification' }));
    await user.selectOptions(form.getByLabelText('Notification 2 Type'), 'slack');
    await user.click(form.getByRole('button', { name: 'Add notification' }));
    await user.click(form.getByRole('button', { name: 'Remove notification 3' }));

    await user.click(form.getByLabelText('Escalate while the alert is not acknowledged'));
    await user.click(form.getByRole('button', { name: 'Add escalation step' }));
    await user.clear(form.getByLabelText('Step 1 delay (minutes)'));
    await user.type(form.getByLabelText('Step 1 delay (minutes)'), '30');
    await user.selectOptions(form.getByLabelText('Step 1 notification 1 Type'), 'webhook');
    await user.type(form.getByLabelText('Step 1 notification 1 Target'), 'https://hooks.example.test/pager');

    await user.click(form.getByLabelText('Suppress repeat notifications after one is sent'));
    await user.clear(form.getByLabelText('Suppression duration (seconds)'));
    await user.type(form.getByLabelText('Suppression duration (seconds)'), '600');
    await user.type(form.getByLabelText('Conditions'), 'deploy in progress{Enter}{Enter}');

    await user.click(form.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(callsTo(calls, 'alerts.createRule')).toHaveLength(1));
    expect(callsTo(calls, 'alerts.createRule')[0]).toEqual({
      body: {
        name: 'Users API slow',
        description: 'p95 of /api/users',
        status: 'active',
        severity: 'critical',
        metric: 'latency',
        condition: { operator: '>=', threshold: 750.5, aggregation: 'p99', timeWindow: '10m' },
        filters: [{ field: 'route', operator: '!=', value: '/api/health' }],
        notifications: [
          { type: 'email', target: 'ops@example.test' },
          { type: 'slack', target: '' },
        ],
        escalation: {
          enabled: true,
          steps: [
            { delay: 30, notifications: [{ type: 'webhook', target: 'https://hooks.example.test/pager' }] },
          ],
        },
        suppressionRules: { enabled: true, duration: 600, conditions: ['deploy in progress'] },
        pendingSeconds: 120,
        keepFiringSeconds: 60,
        noDataState: 'alerting',
        errorState: 'normal',
      } satisfies RuleInput,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the webhook integrations as a webhook target to a user who may list them', async () => {
    signInAs({ ...ADMIN, permissions: [...ADMIN.permissions, 'platform.manage'] });
    const pager = {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'Pager bridge',
      type: 'webhook',
      status: 'active',
    };
    const old = {
      id: '40000000-0000-4000-8000-000000000002',
      name: 'Old hook',
      type: 'webhook',
      status: 'inactive',
    };
    const calls = bridge({
      'integrations.listIntegrations': () => ({ integrations: [pager, old] }),
      'alerts.createRule': (input: { body: RuleInput }) => ({ ...RULES[0]!, ...input.body }),
    });
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    const form = within(await openCreateForm(user));
    await user.type(form.getByLabelText('Name'), 'Pager on errors');
    await user.click(form.getByRole('button', { name: 'Add notification' }));
    await user.selectOptions(form.getByLabelText('Notification 1 Type'), 'webhook');
    await waitFor(() => expect(form.getByLabelText('Notification 1 Target').tagName).toBe('SELECT'));
    const target = form.getByLabelText('Notification 1 Target');
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a webhook integration', 'Pager bridge', 'Old hook (inactive)']);
    await user.selectOptions(target, pager.id);
    await user.click(form.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(callsTo(calls, 'alerts.createRule')).toHaveLength(1));
    expect(callsTo(calls, 'alerts.createRule')[0]).toMatchObject({
      body: { notifications: [{ type: 'webhook', target: pager.id }] },
    });
  });

  it('keeps everything typed when the server refuses the rule, and says why', async () => {
    bridge({
      'alerts.updateRule': () => {
        throw new Error('A rule of that name exists');
      },
    });
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    const card = (await screen.findByText('API p95 above 500 ms')).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert rule' });
    const form = within(dialog);
    expect(form.getByLabelText('Notification 1 Target')).toHaveProperty('value', 'ops@example.test');
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Renamed rule');
    await user.click(form.getByRole('button', { name: 'Save rule' }));
    expect((await form.findByRole('alert')).textContent).toContain('A rule of that name exists');
    expect(form.getByLabelText('Name')).toHaveProperty('value', 'Renamed rule');
    expect(form.getByLabelText('Notification 1 Target')).toHaveProperty('value', 'ops@example.test');
  });

  it('previews the last hour with the summary and a text alternative of the chart', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 1, minute)).toISOString();
    const preview: RulePreview = {
      series: [
        {
          labels: { route: '/api/users' },
          points: [
            { at: at(0), value: 300, state: 'normal' },
            { at: at(1), value: 650, state: 'pending' },
            { at: at(2), value: 700, state: 'firing' },
            { at: at(3), value: 720, state: 'firing' },
          ],
          transitions: [{ at: at(2), kind: 'fired' }],
        },
      ],
      summary: 'Response time p95 over 5m > 500 ms: over the last hour it would have fired 1 time.',
    };
    const calls = bridge({ 'alerts.previewRule': () => preview });
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    const dialog = await openCreateForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Preview me');
    await user.click(within(dialog).getByRole('button', { name: 'Preview last hour' }));
    const section = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(section).getByRole('status').textContent).toBe(preview.summary);
    const table = within(section).getByRole('table', { name: /route=\/api\/users over the last hour/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].slice(2).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Normal', '300 ms'],
      ['Pending', '650 ms'],
      ['Firing', '700–720 ms'],
    ]);
    expect(callsTo(calls, 'alerts.previewRule')).toHaveLength(1);
    expect(callsTo(calls, 'alerts.createRule')).toEqual([]);
  });

  it('creates a silence (validated) and ends one', async () => {
    const calls = bridge({
      'alerts.createSilence': (input: { body: Silence }) => ({ ...SILENCE, ...input.body, id: 'new' }),
      'alerts.deleteSilence': () => ({ deleted: true }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    await user.click(screen.getByRole('tab', { name: 'Notification Channels' }));
    const silences = await screen.findByRole('list', { name: 'Silences' });
    expect(await within(silences).findByText('instance=="db-1"')).toBeTruthy();
    expect(silences.textContent).toContain('by Avery Admin');
    expect(silences.textContent).toContain('Disk migration');

    await user.click(screen.getByRole('button', { name: 'New silence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New silence' });
    const form = within(dialog);
    await user.type(form.getByLabelText('Matcher 1 Value'), '/api/users');
    fireEvent.change(form.getByLabelText('Ends'), { target: { value: '2020-01-01T00:00' } });
    await user.click(form.getByRole('button', { name: 'Create silence' }));
    expect(describedBy(form.getByLabelText('Comment'))).toBe('A silence needs a comment');
    expect(describedBy(form.getByLabelText('Ends'))).toBe('A silence must end after it starts');
    expect(callsTo(calls, 'alerts.createSilence')).toEqual([]);

    fireEvent.change(form.getByLabelText('Starts'), { target: { value: '2026-12-01T22:00' } });
    fireEvent.change(form.getByLabelText('Ends'), { target: { value: '2026-12-02T01:30' } });
    await user.type(form.getByLabelText('Comment'), 'Release night');
    await user.click(form.getByRole('button', { name: 'Create silence' }));
    await waitFor(() => expect(callsTo(calls, 'alerts.createSilence')).toHaveLength(1));
    expect(callsTo(calls, 'alerts.createSilence')[0]).toEqual({
      body: {
        matchers: [{ label: 'route', operator: '==', value: '/api/users' }],
        startsAt: new Date('2026-12-01T22:00').toISOString(),
        endsAt: new Date('2026-12-02T01:30').toISOString(),
        comment: 'Release night',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(silences).getByRole('button', { name: 'End silence' }));
    await waitFor(() =>
      expect(callsTo(calls, 'alerts.deleteSilence')).toEqual([{ params: { id: SILENCE.id } }]),
    );
  });

  it('adds a recurring maintenance window, asking for at least one day', async () => {
    const calls = bridge({
      'alerts.createMaintenanceWindow': (input: { body: object }) => ({ ...input.body, id: 'w1' }),
    });
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    await user.click(screen.getByRole('tab', { name: 'Notification Channels' }));
    await user.click(await screen.findByRole('button', { name: 'New maintenance window' }));
    const form = within(await screen.findByRole('dialog', { name: 'New maintenance window' }));
    await user.click(form.getByLabelText('Sunday'));
    await user.click(form.getByRole('button', { name: 'Add maintenance window' }));
    expect(describedBy(form.getByRole('group', { name: 'Days (UTC)' }))).toBe('Pick at least one day');
    expect(describedBy(form.getByLabelText('Name'))).toBe('A maintenance window needs a name');
    await user.type(form.getByLabelText('Name'), 'Patch night');
    await user.click(form.getByLabelText('Tuesday'));
    await user.click(form.getByLabelText('Monday'));
    await user.clear(form.getByLabelText('Duration (minutes)'));
    await user.type(form.getByLabelText('Duration (minutes)'), '90');
    await user.click(form.getByRole('button', { name: 'Add matcher' }));
    await user.type(form.getByLabelText('Matcher 1 Value'), 'db-1');
    await user.clear(form.getByLabelText('Matcher 1 Label'));
    await user.type(form.getByLabelText('Matcher 1 Label'), 'instance');
    await user.click(form.getByRole('button', { name: 'Add maintenance window' }));
    await waitFor(() =>
      expect(callsTo(calls, 'alerts.createMaintenanceWindow')).toEqual([
        {
          body: {
            name: 'Patch night',
            weekdays: [1, 2],
            start: '02:00',
            minutes: 90,
            matchers: [{ label: 'instance', operator: '==', value: 'db-1' }],
          },
        },
      ]),
    );
  });

  it('hides every change from a user who may only read', async () => {
    signInAs(READER);
    bridge();
    const user = userEvent.setup();
    renderScreen(<AlertRulesPage />);
    await waitFor(() => expect(ruleNames()).toHaveLength(2));
    for (const name of ['Create Rule', 'Pause', 'Activate', 'Edit', 'Duplicate', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Templates' }));
    expect(screen.queryByRole('button', { name: 'Use template' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Notification Channels' }));
    const silences = await screen.findByRole('list', { name: 'Silences' });
    expect(await within(silences).findByText('Disk migration')).toBeTruthy();
    for (const name of ['New silence', 'End silence', 'New maintenance window', 'Send test'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
  it('opens /alert-rules?new=1 on the create form only for a user holding alerts create and update', async () => {
    bridge();
    signInAs({ ...ADMIN, permissions: ['alerts.read', 'alerts.create'] });
    renderScreen(<AlertRulesPage />, '/alert-rules?new=1');
    await waitFor(() => expect(ruleNames()).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Create alert rule' })).toBeNull();
    for (const name of ['Create Rule', 'Pause', 'Edit', 'Duplicate', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('opens /alert-rules?new=1 on the create form for a user holding both', async () => {
    bridge();
    renderScreen(<AlertRulesPage />, '/alert-rules?new=1');
    expect(await screen.findByRole('dialog', { name: 'Create alert rule' })).toBeTruthy();
  });

  it('offers Delete only with alerts.delete too, the permission the server asks of it', async () => {
    bridge();
    signInAs({ ...ADMIN, permissions: ['alerts.read', 'alerts.create', 'alerts.update'] });
    renderScreen(<AlertRulesPage />);
    await waitFor(() => expect(ruleNames()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Create Rule' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Duplicate' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
