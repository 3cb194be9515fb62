import type { PlatformUser } from '../../../shared/api/users';
import { USER_TEXTS } from '../../../shared/users';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LastLogin } from './LastLogin';
import { StatusBadge } from './StatusBadge';
import { UserActions, type UserActionHandlers } from './UserActions';

const COLUMNS: DataColumn<PlatformUser>[] = [
  {
    id: 'user',
    header: 'User',
    rowHeader: true,
    width: 'minmax(14rem,2fr)',
    sortValue: (u) => u.name.toLowerCase(),
    cell: (u) => (
      <>
        <div className="font-medium text-fg">{u.name}</div>
        <div className="text-xs font-normal text-muted">{u.email}</div>
      </>
    ),
  },
  { id: 'role', header: 'Role', sortValue: (u) => u.roleName, cell: (u) => u.roleName },
  {
    id: 'center',
    header: 'Center',
    sortValue: (u) => u.center?.name ?? '',
    cell: (u) => u.center?.name ?? '—',
  },
  {
    id: 'status',
    header: 'Status',
    sortValue: (u) => u.status,
    cell: (u) => (
      <div className="flex flex-col items-start gap-1">
        <StatusBadge status={u.status} />
        {u.twoFactorEnabled ? <span className="text-xs text-muted">Two-factor on</span> : null}
      </div>
    ),
  },
  {
    id: 'lastLogin',
    header: 'Last Login',
    className: 'whitespace-nowrap',
    // Most recent first when descending; never signed in sorts last.
    sortValue: (u) => (u.lastLogin ? Date.parse(u.lastLogin) : 0),
    cell: (u) => <LastLogin at={u.lastLogin} />,
  },
];

/** The user table (part 2 §2) on the shared DataTable: user, role, center, status, last login, actions. */
export function UsersTable({
  users,
  loading,
  error,
  onRetry,
  selfId,
  busy,
  handlers,
}: {
  users: readonly PlatformUser[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selfId: string | undefined;
  busy: boolean;
  handlers: UserActionHandlers;
}) {
  return (
    <DataTable
      label="Users"
      columns={COLUMNS}
      data={users}
      getRowId={(u) => u.id}
      initialSort={{ id: 'user', desc: false }}
      rowActions={{
        header: 'Actions',
        width: '11rem',
        render: (user) => <UserActions user={user} selfId={selfId} busy={busy} handlers={handlers} />,
      }}
      empty={USER_TEXTS.empty}
      loading={loading}
      loadingLabel="Loading users..."
      error={error}
      onRetry={onRetry}
      pageSize={25}
      minWidth="56rem"
    />
  );
}
