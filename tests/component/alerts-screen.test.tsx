/**
 * Alert Management (/alerts, issue 12) against a stand-in for the main process: search and filters with
 * the spec's empty state, acknowledge with a comment, assign to any user who may see alerts or to me, and
 * the changes hidden from a user who may only read.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../shared/alerting';
import { AlertsPage } from '../../renderer/features/alerts/AlertsPage';
import {
  ADMIN,
  ALERTS,
  READER,
  STATS,
  USERS,
  callsTo,
  installBridge,
  removeBridge,
  renderScreen,
  signInAs,
  stubResizeObserver,
} from './alerting-fixtures';

const titles = () =>
  within(screen.getByRole('list', { name: 'Alerts' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.font-medium')?.textContent);

function bridge(alerts: Alert[] = ALERTS, extra: Record<string, (input: never) => unknown> = {}) {
  let list = alerts;
  const calls = installBridge({
    'alerts.listAlerts': () => ({ alerts: list, stats: STATS }),
    'alerts.listRules': () => [],
    'users.listUsers': () => USERS,
    ...extra,
  });
  return { calls, replace: (next: Alert[]) => (list = next) };
}

describe('Alert Management (/alerts)', () => {
  beforeEach(() => {
    stubResizeObserver();
    signInAs(ADMIN);
  });
  afterEach(removeBridge);

  it('searches title, description and source, filters by severity and status, and says when nothing matches', async () => {
    bridge();
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.getByTestId('alerts-resolution').textContent).toContain('1h 35m');

    const search = screen.getByRole('searchbox', { name: 'Search alerts' });
    await user.type(search, 'BILLING');
    expect(titles()).toEqual(['Cloud cost above budget']);
    await user.clear(search);
    await user.type(search, 'nearly full');
    expect(titles()).toEqual(['Disk free below 10 %']);
    await user.clear(search);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    expect(titles()).toEqual(['API p95 above 500 ms']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    expect(titles()).toEqual([]);
    expect(screen.getByText('No alerts found matching your criteria')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'all');
    expect(titles()).toEqual(['Disk free below 10 %']);
    // The assignee shows in the list, and so does its absence.
    expect(screen.getByRole('list', { name: 'Alerts' }).textContent).toContain('Assigned to Dana Director');
  });

  it('says so when the alerts cannot be loaded', async () => {
    installBridge({ 'alerts.listRules': () => [] });
    renderScreen(<AlertsPage />);
    expect(await screen.findByText('Failed to load alert data')).toBeTruthy();
  });

  it('acknowledges with a comment, which it asks for first, and shows the new status', async () => {
    const first = ALERTS[0]!;
    const { calls, replace } = bridge(ALERTS, {
      'alerts.acknowledgeAlert': (input: { params: { alertId: string }; body: { comment: string } }) => {
        const acknowledged: Alert = {
          ...first,
          status: 'acknowledged',
          history: [
            ...first.history,
            {
              status: 'acknowledged',
              at: new Date().toISOString(),
              by: ADMIN.userId,
              byName: ADMIN.name,
              comment: input.body.comment,
            },
          ],
        };
        replace([acknowledged, ...ALERTS.slice(1)]);
        return acknowledged;
      },
    });
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await user.click(await screen.findByRole('button', { name: /API p95 above 500 ms/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API p95 above 500 ms' });
    const acknowledge = within(dialog).getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Comment'), 'Looking at the slow query');
    await user.click(acknowledge);
    await waitFor(() =>
      expect(callsTo(calls, 'alerts.acknowledgeAlert')).toEqual([
        { params: { alertId: first.id }, body: { comment: 'Looking at the slow query' } },
      ]),
    );
    const history = within(dialog).getByRole('region', { name: 'History' });
    await waitFor(() => expect(history.textContent).toContain('“Looking at the slow query”'));
    // The status badge and the history's new line.
    expect(within(dialog).getAllByText('Acknowledged')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Comment')).toHaveProperty('value', '');
  });

  it('assigns to a user who may see alerts, to nobody, or to me', async () => {
    const first = ALERTS[0]!;
    const { calls } = bridge(ALERTS, {
      'alerts.assignAlert': (input: { params: { alertId: string }; body: { userId: string | null } }) => ({
        ...first,
        assignedTo: USERS.find((u) => u.id === input.body.userId)?.name ?? null,
      }),
    });
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await user.click(await screen.findByRole('button', { name: /API p95 above 500 ms/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API p95 above 500 ms' });
    const picker = within(dialog).getByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    // Active users who may see alerts only: not the teacher, not the suspended user.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Avery Admin (avery@example.test)', 'Dana Director (dana@example.test)']);
    await user.selectOptions(picker, USERS[1]!.id);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign to me' }));
    await user.selectOptions(picker, '');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(callsTo(calls, 'alerts.assignAlert')).toEqual([
        { params: { alertId: first.id }, body: { userId: USERS[1]!.id } },
        { params: { alertId: first.id }, body: { userId: ADMIN.userId } },
        { params: { alertId: first.id }, body: { userId: null } },
      ]),
    );
  });

  it('shows a failed assignment and keeps the choice', async () => {
    bridge(ALERTS, {
      'alerts.assignAlert': () => {
        throw new Error('That user does not exist');
      },
    });
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await user.click(await screen.findByRole('button', { name: /API p95 above 500 ms/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API p95 above 500 ms' });
    const picker = within(dialog).getByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    await user.selectOptions(picker, USERS[1]!.id);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That user does not exist');
    expect(picker).toHaveProperty('value', USERS[1]!.id);
  });

  it('hides Create Rule and every change from a user who may only read, and lists no users for them', async () => {
    signInAs(READER);
    const { calls } = bridge();
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await user.click(await screen.findByRole('button', { name: /API p95 above 500 ms/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API p95 above 500 ms' });
    expect(within(dialog).getByRole('region', { name: 'History' })).toBeTruthy();
    for (const name of ['Acknowledge', 'Resolve', 'Suppress', 'Assign to me', 'Assign'])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Rule' })).toBeNull();
    expect(callsTo(calls, 'users.listUsers')).toEqual([]);
  });

  it('offers only "Assign to me" to a user who may change alerts but not list users', async () => {
    signInAs({ ...ADMIN, permissions: ['alerts.read', 'alerts.update'] });
    const { calls } = bridge();
    const user = userEvent.setup();
    renderScreen(<AlertsPage />);
    await user.click(await screen.findByRole('button', { name: /API p95 above 500 ms/ }));
    const dialog = await screen.findByRole('dialog', { name: 'API p95 above 500 ms' });
    expect(within(dialog).getByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Assign to' })).toBeNull();
    expect(callsTo(calls, 'users.listUsers')).toEqual([]);
  });
  it('offers Create Rule only to a user holding alerts create and update (part 2 §6)', async () => {
    bridge();
    signInAs({ ...ADMIN, permissions: ['alerts.read', 'alerts.create'] });
    renderScreen(<AlertsPage />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Create Rule' })).toBeNull();
    cleanup();
    signInAs({ ...ADMIN, permissions: ['alerts.read', 'alerts.create', 'alerts.update'] });
    renderScreen(<AlertsPage />);
    expect(await screen.findByRole('button', { name: 'Create Rule' })).toBeTruthy();
  });
});
