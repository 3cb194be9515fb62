import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../../shared/api/audit';
import { AuditTable } from '../../renderer/features/audit-logs/AuditTable';
import type { AuditSorting } from '../../renderer/features/audit-logs/filters';
import { withViewport } from './layout';

const log = (i: number, userName: string, action: AuditLog['action']): AuditLog => ({
  id: `log-${i}`,
  seq: i,
  organizationId: null,
  userId: null,
  userName,
  userEmail: null,
  action,
  resource: 'center',
  resourceId: null,
  details: {},
  timestamp: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
  ipAddress: null,
  userAgent: null,
  status: 'success',
  severity: 'low',
  hash: '',
});

const LOGS = [log(1, 'Zoe', 'CREATE'), log(2, 'Avery', 'UPDATE')];

function renderAudit(sorting: AuditSorting, onSortingChange = vi.fn(), onOpen = vi.fn()) {
  render(
    <AuditTable
      logs={LOGS}
      sorting={sorting}
      onSortingChange={onSortingChange}
      onOpen={onOpen}
      loadMore={() => undefined}
      loading={false}
      error={null}
      onRetry={() => undefined}
    />,
  );
  return { onSortingChange, onOpen };
}

describe('AuditTable on the DataTable (sorted on the server)', () => {
  withViewport(600);
  const header = (name: string) =>
    within(screen.getByRole('table', { name: 'Audit logs' })).getByRole('columnheader', { name });

  it('shows the server sort and reports a new one as the screen sorting, rows left as given', async () => {
    const user = userEvent.setup();
    const { onSortingChange } = renderAudit({ sort: 'timestamp', order: 'desc' });
    expect(header('Timestamp').getAttribute('aria-sort')).toBe('descending');
    expect(within(header('Resource')).queryByRole('button')).toBeNull();

    await user.click(within(header('User')).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith({ sort: 'user', order: 'asc' });
    await user.click(within(header('Timestamp')).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith({ sort: 'timestamp', order: 'asc' });
    const users = [...document.querySelectorAll('[data-column="user"]')].map((cell) => cell.textContent);
    expect(users).toEqual(['Zoe', 'Avery']);
  });

  it('opens a record from its row', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderAudit({ sort: 'timestamp', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Details of UPDATE center by Avery' }));
    expect(onOpen).toHaveBeenCalledWith(LOGS[1]);
  });
});
