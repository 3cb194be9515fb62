import { Download, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { OneTimeLinkData, PlatformUser } from '../../../shared/api/users';
import { USER_TEXTS } from '../../../shared/users';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { KpiCard } from '../../components/ui/KpiCard';
import { Modal } from '../../components/ui/Modal';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { filterUsers, NO_FILTER, roleOptions, type UserFilter } from './filters';
import { useExportUsers, useResetPassword, useSetUserStatus } from './mutations';
import { OneTimeLinkPanel } from '../../components/ui/OneTimeLinkPanel';
import { useRoles } from '../role-permissions/queries';
import { useUsers, useUserStats } from './queries';
import { RoleDistribution } from './RoleDistribution';
import { assignableRoles } from './rules';
import { UserFilters } from './UserFilters';
import { UserFormModal } from './UserFormModal';
import { UsersTable } from './UsersTable';
import { ResetTwoFactorModal } from './ResetTwoFactorModal';
import { formatNumber } from '../../lib/format';
import { USERS_TEXTS } from './texts';

const count = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));

/** User Management (part 2 §2–§4, issue 13): real accounts, invitations and transitions. */
export function UsersPage() {
  const me = useAuthStore((state) => state.user);
  const users = useUsers();
  const stats = useUserStats();
  const mayReadRoles = me?.permissions.includes('roles.read') ?? false;
  const customRoles = useRoles(mayReadRoles);
  const [filter, setFilter] = useState<UserFilter>(NO_FILTER);
  const [editing, setEditing] = useState<PlatformUser | null | 'new'>(null);
  const [link, setLink] = useState<{ data: OneTimeLinkData; who: string } | null>(null);
  const [twoFactorReset, setTwoFactorReset] = useState<PlatformUser | null>(null);
  const setStatus = useSetUserStatus();
  const reset = useResetPassword();
  const exportUsers = useExportUsers();

  const all = useMemo(() => users.data ?? [], [users.data]);
  const shown = useMemo(() => filterUsers(all, filter), [all, filter]);
  const roles = useMemo(
    () => assignableRoles(me?.permissions ?? [], customRoles.data ?? []),
    [me?.permissions, customRoles.data],
  );
  const actionError = setStatus.error ?? reset.error ?? exportUsers.error;

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/users')}
        description={USERS_TEXTS.description}
        actions={
          <>
            <Button onClick={() => exportUsers.mutate()} disabled={exportUsers.isPending}>
              <Download aria-hidden="true" className="size-4" />
              {USERS_TEXTS.buttons.exportUsers}
            </Button>
            <Button variant="primary" onClick={() => setEditing('new')}>
              <UserPlus aria-hidden="true" className="size-4" />
              {USERS_TEXTS.buttons.addUser}
            </Button>
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <KpiCard
          label={USERS_TEXTS.kpis.total}
          value={count(stats.data?.total)}
          detail={stats.data ? USERS_TEXTS.kpis.newThisMonth(count(stats.data.newThisMonth)) : undefined}
          testId="users-total"
        />
        <KpiCard label={USERS_TEXTS.kpis.active} value={count(stats.data?.active)} testId="users-active" />
        <KpiCard
          label={USERS_TEXTS.kpis.centerAdmins}
          value={count(stats.data?.centerAdmins)}
          testId="users-center-admins"
        />
        <KpiCard
          label={USERS_TEXTS.kpis.educators}
          value={count(stats.data?.educators)}
          testId="users-educators"
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <UserFilters filter={filter} roles={roleOptions(all)} onChange={setFilter} />
          <InlineError message={actionError ? errorMessage(actionError, USERS_TEXTS.changeFailed) : null} />
          <UsersTable
            users={shown}
            loading={users.isPending}
            error={users.isError ? USER_TEXTS.loadFailed : null}
            onRetry={() => void users.refetch()}
            selfId={me?.userId}
            busy={setStatus.isPending || reset.isPending}
            handlers={{
              onEdit: (user) => setEditing(user),
              onStatus: (user, status) => {
                reset.reset();
                setStatus.mutate({ userId: user.id, status });
              },
              onReset: (user) => {
                setStatus.reset();
                reset.mutate(
                  { userId: user.id },
                  { onSuccess: (data) => setLink({ data, who: user.email }) },
                );
              },
              onResetTwoFactor: (user) => setTwoFactorReset(user),
            }}
          />
        </div>
        <RoleDistribution stats={stats.data} />
      </div>
      {editing !== null ? (
        <UserFormModal
          user={editing === 'new' ? null : editing}
          roles={roles}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {twoFactorReset ? (
        <ResetTwoFactorModal user={twoFactorReset} onClose={() => setTwoFactorReset(null)} />
      ) : null}
      {link ? (
        <Modal open title={USERS_TEXTS.oneTimeLinkTitle} onClose={() => setLink(null)}>
          <div className="space-y-4">
            <OneTimeLinkPanel data={link.data} who={link.who} />
            <div className="flex justify-end">
              <Button variant="primary" onClick={() => setLink(null)}>
                {USERS_TEXTS.buttons.done}
              </Button>
            </div>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
