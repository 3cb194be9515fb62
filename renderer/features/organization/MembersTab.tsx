import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { Member } from '../../../shared/api/organizations';
import { canManageMembers, INVITE_ROLES, type InviteRole, type TenantContext } from '../../../shared/tenancy';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { RoleLabel, StatusDot } from './badges';
import { Card, InlineError } from '../../components/ui/Card';
import { InviteForm } from './InviteForm';
import { useRemoveMember, useUpdateMemberRole } from './mutations';
import { useMembers } from './queries';
import { memberControls, REASONS } from './rules';

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
            aria-label={`Role of ${name}`}
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
          aria-label={`Remove ${name}`}
          title={controls.reason ?? undefined}
          disabled={!controls.enabled || remove.isPending}
          onClick={() => {
            updateRole.reset();
            remove.mutate({ organizationId, userId: member.userId });
          }}
          className="px-2.5 py-1 text-red-700 dark:text-red-400"
        >
          Remove
        </Button>
      </div>
      {controls.reason ? <p className="text-xs text-muted">{controls.reason}</p> : null}
      <InlineError message={failed ? errorMessage(failed, 'The change failed') : null} />
    </div>
  );
}

/** Members (part 2 §2, §6): the table, the invite form, role changes and removal. */
export function MembersTab({ organizationId, context }: { organizationId: string; context: TenantContext }) {
  const members = useMembers(organizationId);
  const [inviting, setInviting] = useState(false);
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
        Invite Member
      </Button>
    </div>
  );

  return (
    <Card title="Members" actions={inviteButton}>
      {inviting && mayManage ? (
        <InviteForm organizationId={organizationId} onClose={() => setInviting(false)} />
      ) : null}
      {members.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
              <tr>
                <th className="py-2 pr-4 font-medium">Member</th>
                <th className="py-2 pr-4 font-medium">Role</th>
                <th className="py-2 pr-4 font-medium">Status</th>
                <th className="py-2 pr-4 font-medium">Joined</th>
                <th className="py-2 pr-4 font-medium">Last active</th>
                <th className="py-2 font-medium">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {members.data.map((member) => (
                <tr key={member.id} className="align-top">
                  <td className="py-3 pr-4">
                    <div className="font-medium text-fg">{member.user.name}</div>
                    <div className="text-xs text-muted">{member.user.email}</div>
                  </td>
                  <td className="py-3 pr-4">
                    <RoleLabel role={member.role} />
                  </td>
                  <td className="py-3 pr-4">
                    <span className="inline-flex items-center gap-2 capitalize">
                      <StatusDot status={member.status} />
                      {member.status}
                    </span>
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(member.joinedAt)}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(member.lastActiveAt)}</td>
                  <td className="py-3">
                    <MemberActions organizationId={organizationId} member={member} context={context} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted">{members.isError ? 'Members are not available.' : 'Loading…'}</p>
      )}
    </Card>
  );
}
