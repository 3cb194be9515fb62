import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PlatformUser } from '../../shared/api/users';
import { lastLoginLabel, USER_TEXTS } from '../../shared/users';
import { filterUsers, NO_FILTER, roleOptions } from '../../renderer/features/users/filters';
import { UserFilters } from '../../renderer/features/users/UserFilters';
import { UsersTable } from '../../renderer/features/users/UsersTable';

const HOUR = 3_600_000;
const ago = (ms: number | null) => (ms === null ? null : new Date(Date.now() - ms).toISOString());

const user = (
  id: string,
  name: string,
  role: [string, string],
  center: string | null,
  status: PlatformUser['status'],
  lastLoginAgo: number | null,
): PlatformUser => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  role: role[0],
  roleName: role[1],
  isSystemRole: true,
  center: center ? { id: `c-${center}`, name: center } : null,
  status,
  lastLogin: ago(lastLoginAgo),
  joinDate: '2026-01-01T00:00:00.000Z',
  phone: '',
  location: '',
  permissions: [],
  twoFactorEnabled: false,
});

const USERS = [
  user('1', 'Avery Admin', ['super_admin', 'Super Admin'], null, 'active', 10 * 60_000),
  user('2', 'Dana Director', ['center_admin', 'Center Admin'], 'Sunshine Early Learning', 'active', 5 * HOUR),
  user('3', 'Theo Teacher', ['teacher', 'Educator'], 'Little Acorns', 'suspended', 3 * 24 * HOUR + HOUR),
  user('4', 'Pia Pending', ['parent', 'Parent'], 'Little Acorns', 'pending', null),
];

const noop = () => undefined;
const handlers = { onEdit: noop, onStatus: noop, onReset: noop, onResetTwoFactor: noop };

function Screen() {
  const [filter, setFilter] = useState(NO_FILTER);
  return (
    <>
      <UserFilters filter={filter} roles={roleOptions(USERS)} onChange={setFilter} />
      <UsersTable
        users={filterUsers(USERS, filter)}
        loading={false}
        error={null}
        onRetry={noop}
        selfId="1"
        busy={false}
        handlers={handlers}
      />
    </>
  );
}

const names = () =>
  screen
    .queryAllByRole('rowheader')
    .map((cell) => within(cell).getAllByText(/./)[0]!.textContent)
    .sort();

describe('users screen', () => {
  it("shows the last login in hours: 'Just now' under 1 h, 'Nh ago' under 24 h, else days", () => {
    render(<Screen />);
    const row = (name: string) =>
      screen.getByRole('rowheader', { name: new RegExp(name) }).closest<HTMLElement>('[role="row"]')!;
    expect(within(row('Avery')).getByText('Just now')).toBeTruthy();
    expect(within(row('Dana')).getByText('5h ago')).toBeTruthy();
    expect(within(row('Theo')).getByText('3d ago')).toBeTruthy();
    expect(within(row('Pia')).getByText('Never')).toBeTruthy();
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(lastLoginLabel('2026-03-02T11:00:00Z', now)).toBe('1h ago');
    expect(lastLoginLabel('2026-03-01T12:00:01Z', now)).toBe('23h ago');
    expect(lastLoginLabel('2026-03-01T12:00:00Z', now)).toBe('1d ago');
    expect(lastLoginLabel('2026-03-02T12:30:00Z', now)).toBe('Just now');
  });

  it('searches name, email or center case-insensitively and filters by role and status', async () => {
    const act = userEvent.setup();
    render(<Screen />);
    expect(names()).toHaveLength(4);

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await act.type(search, 'ACORNS');
    expect(names()).toEqual(['Pia Pending', 'Theo Teacher']);
    await act.clear(search);
    await act.type(search, 'dana@');
    expect(names()).toEqual(['Dana Director']);
    await act.clear(search);

    await act.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Educator');
    expect(names()).toEqual(['Theo Teacher']);
    await act.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    expect(names()).toEqual([]);
    expect(screen.getByText(USER_TEXTS.empty)).toBeTruthy();
    await act.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles');
    expect(names()).toEqual(['Avery Admin', 'Dana Director']);
  });

  it('offers deactivate for active users and activate for the others, never deactivating oneself', () => {
    render(<Screen />);
    expect(
      (screen.getByRole('button', { name: 'Deactivate Avery Admin' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Deactivate Dana Director' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Activate Theo Teacher' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate Pia Pending' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New invitation link for Pia Pending' })).toBeTruthy();
  });
});
