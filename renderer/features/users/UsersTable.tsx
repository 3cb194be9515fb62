import type { PlatformUser } from '../../../shared/api/users';
import { USER_TEXTS } from '../../../shared/users';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LastLogin } from './LastLogin';
import { StatusBadge } from './StatusBadge';
import { UserActions, type UserActionHandlers } from './UserActions';
import { USERS_TEXTS } from './texts';

const COLUMN = USERS_TEXTS.columns;

const COLUMNS: DataColumn<PlatformUser>[] = [
  {
    id: 'user',
    header: COLUMN.user,
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
  { id: 'role', header: COLUMN.role, sortValue: (u) => u.roleName, cell: (u) => u.roleName },
  {
    id: 'center',
    header: COLUMN.center,
    sortValue: (u) => u.center?.name ?? '',
    cell: (u) => u.center?.name ?? '—',
  },
  {
    id: 'status',
    header: COLUMN.status,
    sortValue: (u) => u.status,
    cell: (u) => (
      <div className="flex flex-col items-start gap-1">
        <StatusBadge status={u.status} />
        {u.twoFactorEnabled ? (
          <span className="text-xs text-muted">{USERS_TEXTS.table.twoFactorOn}</span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'lastLogin',
    header: COLUMN.lastLogin,
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
      label={USERS_TEXTS.table.name}
      columns={COLUMNS}
      data={users}
      getRowId={(u) => u.id}
      initialSort={{ id: 'user', desc: false }}
      rowActions={{
        header: COLUMN.actions,
        width: '11rem',
        render: (user) => <UserActions user={user} selfId={selfId} busy={busy} handlers={handlers} />,
      }}
      empty={USER_TEXTS.empty}
      loading={loading}
      loadingLabel={USERS_TEXTS.table.loading}
      error={error}
      onRetry={onRetry}
      pageSize={25}
      minWidth="56rem"
    />
  );
}
