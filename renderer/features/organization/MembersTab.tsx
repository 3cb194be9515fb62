import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { Member } from '../../../shared/api/organizations';
import { canManageMembers, INVITE_ROLES, type InviteRole, type TenantContext } from '../../../shared/tenancy';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { RoleLabel, StatusDot } from './badges';
import { Card, InlineError } from '../../components/ui/Card';
import { InviteForm } from './InviteForm';
import { OneTimeLinkPanel } from '../../components/ui/OneTimeLinkPanel';
import type { OneTimeLinkData } from '../../../shared/api/users';
import { useRemoveMember, useUpdateMemberRole } from './mutations';
import { useMembers } from './queries';
import { memberControls, REASONS } from './rules';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.members;

const isInviteRole = (value: string): value is InviteRole =>
  (INVITE_ROLES as readonly string[]).includes(value);

function MemberActions({
  organizationId,
  member,
  context,
}: {
  organizationId: string;
  member: Member;
  context: TenantContext;
}) {
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const controls = memberControls(context, member);
  const name = member.user.name;
  if (!canManageMembers(context)) return <span className="text-xs text-muted">—</span>;
  const failed = updateRole.error ?? remove.error;

  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        {isInviteRole(member.role) ? (
          <select
            aria-label={TEXTS.roleOf(name)}
            value={member.role}
            disabled={!controls.enabled || updateRole.isPending}
            onChange={(event) => {
              const role = event.target.value;
              if (!isInviteRole(role)) return;
              remove.reset();
              updateRole.mutate({ organizationId, userId: member.userId, role });
            }}
            className="rounded-md border border-line bg-surface px-2 py-1 text-sm text-fg"
          >
            {INVITE_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        ) : null}
        <Button
          aria-label={TEXTS.removeName(name)}
          title={controls.reason ?? undefined}
          disabled={!controls.enabled || remove.isPending}
          onClick={() => {
            updateRole.reset();
            remove.mutate({ organizationId, userId: member.userId });
          }}
          className="px-2.5 py-1 text-red-700 dark:text-red-400"
        >
          {TEXTS.remove}
        </Button>
      </div>
      {controls.reason ? <p className="text-xs text-muted">{controls.reason}</p> : null}
      <InlineError message={failed ? errorMessage(failed, TEXTS.changeFailed) : null} />
    </div>
  );
}

const NO_MEMBERS: Member[] = [];

const COLUMNS: DataColumn<Member>[] = [
  {
    id: 'member',
    header: TEXTS.columns.member,
    rowHeader: true,
    width: 'minmax(12rem,2fr)',
    cell: (member) => (
      <>
        <div className="font-medium text-fg">{member.user.name}</div>
        <div className="text-xs font-normal text-muted">{member.user.email}</div>
      </>
    ),
  },
  { id: 'role', header: TEXTS.columns.role, cell: (member) => <RoleLabel role={member.role} /> },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (member) => (
      <span className="inline-flex items-center gap-2 capitalize">
        <StatusDot status={member.status} />
        {member.status}
      </span>
    ),
  },
  {
    id: 'joined',
    header: TEXTS.columns.joined,
    className: 'whitespace-nowrap',
    cell: (m) => formatDate(m.joinedAt),
  },
  {
    id: 'lastActive',
    header: TEXTS.columns.lastActive,
    className: 'whitespace-nowrap',
    cell: (m) => formatDate(m.lastActiveAt),
  },
];

/** Members (part 2 §2, §6): the table, the invite form, role changes and removal. */
export function MembersTab({ organizationId, context }: { organizationId: string; context: TenantContext }) {
  const members = useMembers(organizationId);
  const [inviting, setInviting] = useState(false);
  // Issue 13: the invitation's one-time link, shown once (the server keeps only its hash).
  const [invited, setInvited] = useState<{ email: string; delivery: OneTimeLinkData } | null>(null);
  const mayManage = canManageMembers(context);

  const inviteButton = (
    <div className="flex items-center gap-3">
      {mayManage ? null : <span className="text-xs text-muted">{REASONS.manageMembers}</span>}
      <Button
        variant="primary"
        disabled={!mayManage}
        title={mayManage ? undefined : REASONS.manageMembers}
        aria-expanded={inviting}
        onClick={() => setInviting((open) => !open)}
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {TEXTS.invite}
      </Button>
    </div>
  );

  return (
    <Card title={TEXTS.title} actions={inviteButton}>
      {inviting && mayManage ? (
        <InviteForm
          organizationId={organizationId}
          onClose={() => setInviting(false)}
          onInvited={(email, delivery) => setInvited({ email, delivery })}
        />
      ) : null}
      {invited ? (
        <div className="mb-4">
          <OneTimeLinkPanel data={invited.delivery} who={invited.email} />
        </div>
      ) : null}
      <DataTable
        label={TEXTS.table}
        columns={COLUMNS}
        data={members.data ?? NO_MEMBERS}
        getRowId={(member) => member.id}
        rowActions={{
          header: TEXTS.columns.actions,
          width: 'minmax(14rem,1.4fr)',
          render: (member) => (
            <MemberActions organizationId={organizationId} member={member} context={context} />
          ),
        }}
        loading={members.isPending}
        error={members.isError ? TEXTS.failed : null}
        onRetry={() => void members.refetch()}
        minWidth="48rem"
      />
    </Card>
  );
}
